import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestSeal, Publication } from '../../../domain/verification.ts';
import { publicationCsvUrl, publicationFileUrl } from '../../api/verification.ts';
import { formatIstShort } from '../../ui/format.ts';

// The sections of the public check page: the seal, how the result was decided, the ranking and
// the published files.

const RANKING_PAGE = 20;

export function SealOnly({ seal, lng }: { seal: ContestSeal; lng: 'en' | 'hi' }) {
  const { t } = useTranslation('verify');
  return (
    <div className="verify__sections">
      <section className="card verify__section" aria-labelledby="verify-seal">
        <h2 id="verify-seal">{t('seal.title')}</h2>
        {seal.seal ? (
          <>
            <p>{t('seal.pending')}</p>
            <SealFacts root={seal.seal.root} leafCount={seal.seal.leafCount} sealedAt={seal.seal.sealedAt} lng={lng} />
          </>
        ) : (
          <p>{t('seal.notYet')}</p>
        )}
        {seal.commitment && (
          <dl className="verify__facts">
            <div>
              <dt>{t('seal.commitment')}</dt>
              <dd className="verify__hash">{seal.commitment.hash}</dd>
              <dd className="muted">
                {t('seal.committedAt', { time: formatIstShort(new Date(seal.commitment.committedAt), lng) })}
              </dd>
            </div>
          </dl>
        )}
      </section>
    </div>
  );
}

export function SealFacts({
  root,
  leafCount,
  sealedAt,
  lng,
}: {
  root: string;
  leafCount: number;
  sealedAt: string;
  lng: 'en' | 'hi';
}) {
  const { t } = useTranslation('verify');
  return (
    <dl className="verify__facts">
      <div>
        <dt>{t('seal.root')}</dt>
        <dd className="verify__hash">{root}</dd>
      </div>
      <div>
        <dt>{t('seal.entries')}</dt>
        <dd>{leafCount.toLocaleString(lng === 'hi' ? 'hi-IN' : 'en-IN')}</dd>
      </div>
      <div>
        <dt>{t('seal.sealedAt')}</dt>
        <dd>{formatIstShort(new Date(sealedAt), lng)} IST</dd>
      </div>
    </dl>
  );
}

export function Decision({ publication, locale }: { publication: Publication; locale: string }) {
  const { t } = useTranslation('verify');
  const px = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 2 });
  if (publication.decidedBy === 'sealedAnswer' && publication.sealedAnswer) {
    const answer = publication.sealedAnswer;
    return (
      <section className="card verify__section" aria-labelledby="verify-decision">
        <h2 id="verify-decision">{t('decision.answerTitle')}</h2>
        <p>{t('decision.answerText')}</p>
        <dl className="verify__facts">
          <div>
            <dt>{t('decision.answerPosition')}</dt>
            <dd>
              ({px(answer.x)}, {px(answer.y)})
            </dd>
          </div>
          <div>
            <dt>{t('seal.commitment')}</dt>
            <dd className="verify__hash">{answer.commitment}</dd>
          </div>
          <div>
            <dt>{t('decision.salt')}</dt>
            <dd className="verify__hash">{answer.salt}</dd>
          </div>
        </dl>
      </section>
    );
  }
  return (
    <section className="card verify__section" aria-labelledby="verify-decision">
      <h2 id="verify-decision">{t('decision.judgesTitle')}</h2>
      <VerifyTable
        columns={[t('decision.judge'), t('decision.position')]}
        rows={publication.judges.map((judge, index) => ({
          key: `${judge.name}-${index}`,
          cells: [judge.name, `(${px(judge.x)}, ${px(judge.y)})`],
        }))}
        foot={[t('decision.judgedPoint'), `(${px(publication.judgedPoint.x)}, ${px(publication.judgedPoint.y)})`]}
      />
    </section>
  );
}

export function Ranking({ publication, locale }: { publication: Publication; locale: string }) {
  const { t } = useTranslation('verify');
  const [shown, setShown] = useState(RANKING_PAGE);
  const pseudonymOf = useMemo(
    () => new Map(publication.entries.map((entry) => [entry.ticketId, entry.pseudonym])),
    [publication],
  );
  const total = publication.ranking.length;
  if (total === 0) return null;
  const rows = publication.ranking.slice(0, shown);
  const next = Math.min(RANKING_PAGE * 5, total - shown);
  return (
    <section className="card verify__section" aria-labelledby="verify-ranking">
      <h2 id="verify-ranking">{t('ranking.title')}</h2>
      <VerifyTable
        columns={[t('ranking.rank'), t('ranking.player'), t('ranking.distance')]}
        rows={rows.map((row) => ({
          key: row.ticketId,
          cells: [
            row.rank.toLocaleString(locale),
            <span className="verify__hash" title={`${t('ranking.ticket')} ${row.ticketId}`}>
              {pseudonymOf.get(row.ticketId) ?? '—'}
            </span>,
            row.distance.toLocaleString(locale, { maximumFractionDigits: 2 }),
          ],
        }))}
      />
      <p className="muted">
        {t('ranking.shown', { shown: rows.length.toLocaleString(locale), total: total.toLocaleString(locale) })}
      </p>
      {next > 0 && (
        <button type="button" className="button button--small" onClick={() => setShown((n) => n + next)}>
          {t('ranking.more', { count: next })}
        </button>
      )}
    </section>
  );
}

/** The published files and the command that checks them from a terminal. */
export function Downloads({ contestId }: { contestId: string }) {
  const { t } = useTranslation('verify');
  return (
    <section className="card verify__section" aria-labelledby="verify-files">
      <h2 id="verify-files">{t('downloads.title')}</h2>
      <ul className="verify__downloads">
        <li>
          <a href={publicationFileUrl(contestId)} download>
            {t('downloads.json')}
          </a>
        </li>
        <li>
          <a href={publicationCsvUrl(contestId)} download>
            {t('downloads.csv')}
          </a>
        </li>
      </ul>
      <p className="muted">{t('downloads.script')}</p>
      <code className="verify__hash verify__command">
        npm run verify:contest -- {window.location.origin} {contestId}
      </code>
    </section>
  );
}

/** The page's tables (judges' marks, ranking): one header row, rows of cells, an optional total row. */
function VerifyTable({
  columns,
  rows,
  foot,
}: {
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  foot?: [string, ReactNode];
}) {
  return (
    <div className="verify__table-wrap">
      <table className="verify__table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr>
              <th scope="row">{foot[0]}</th>
              <td>{foot[1]}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
