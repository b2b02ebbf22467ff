import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { checkReceipt, type ContestSeal, type Publication, type ReceiptProblem, type VerificationReport } from '../../../domain/verification.ts';
import { fetchPublication, fetchSeal, publicationCsvUrl, publicationFileUrl } from '../../api/verification.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { paths } from '../../app/paths.ts';
import { formatIstShort } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { runVerification } from './run-verification.ts';
import '../../styles/verify.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'notFound' }
  | { status: 'sealedOnly'; seal: ContestSeal }
  | { status: 'published'; seal: ContestSeal | null; publication: Publication };

const RANKING_PAGE = 20;

/**
 * /the_winners_circle/:contestId/verify: anyone checks a published result in the browser, from
 * the published files alone (domain/verification.ts, the code the server and the command-line
 * script use), and checks a ticket's receipt against the sealed root.
 */
export default function ContestVerifyPage() {
  const { contestId = '' } = useParams();
  const { t, i18n } = useTranslation('verify');
  const lng = currentLanguage(i18n);
  const [attempt, setAttempt] = useState(0);
  // Answers carry the request they answer: a new contest or a retry shows the spinner at once.
  const request = `${contestId}|${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; loaded: Loaded } | null>(null);
  const [checked, setChecked] = useState<{ request: string; report: VerificationReport } | null>(null);
  const loaded: Loaded = answer?.request === request ? answer.loaded : { status: 'loading' };
  const report = checked?.request === request ? checked.report : null;

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: Loaded) => !controller.signal.aborted && setAnswer({ request, loaded: next });
    Promise.all([fetchSeal(contestId, controller.signal), fetchPublication(contestId, controller.signal)]).then(
      ([seal, publication]) => {
        if (publication) {
          settle({ status: 'published', seal, publication });
          void runVerification(publication).then((result) => {
            if (!controller.signal.aborted) setChecked({ request, report: result });
          });
        } else if (seal) settle({ status: 'sealedOnly', seal });
        else settle({ status: 'notFound' });
      },
      () => settle({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [contestId, request]);

  let content;
  if (loaded.status === 'loading') content = <Spinner label={t('loading')} />;
  else if (loaded.status === 'failed')
    content = (
      <div className="card verify__state">
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  else if (loaded.status === 'notFound')
    content = (
      <div className="card verify__state">
        <p role="alert">{t('notFound')}</p>
        <Link to={paths.winnersCircle}>{t('backToWinners')}</Link>
      </div>
    );
  else if (loaded.status === 'sealedOnly') content = <SealOnly seal={loaded.seal} lng={lng} />;
  else content = <PublishedResult publication={loaded.publication} seal={loaded.seal} report={report} lng={lng} />;

  return (
    <section className="container page verify" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('title')}</h1>
      <p className="verify__intro">{t('intro')}</p>
      {content}
    </section>
  );
}

function SealOnly({ seal, lng }: { seal: ContestSeal; lng: 'en' | 'hi' }) {
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
              <dd className="muted">{t('seal.committedAt', { time: formatIstShort(new Date(seal.commitment.committedAt), lng) })}</dd>
            </div>
          </dl>
        )}
      </section>
    </div>
  );
}

function SealFacts({ root, leafCount, sealedAt, lng }: { root: string; leafCount: number; sealedAt: string; lng: 'en' | 'hi' }) {
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

function PublishedResult({ publication, seal, report, lng }: { publication: Publication; seal: ContestSeal | null; report: VerificationReport | null; lng: 'en' | 'hi' }) {
  const { t } = useTranslation('verify');
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  // The seal endpoint's root must be the file's: a file edited after publication shows here too.
  const sealedRoot = seal?.seal?.root ?? publication.seal.root;
  const rootMismatch = seal?.seal && seal.seal.root !== publication.seal.root;
  const verified = report ? report.ok && !rootMismatch : null;
  const failures = report ? report.checks.filter((check) => !check.ok) : [];
  return (
    <div className="verify__sections">
      <p className="muted">{t('contest', { date: formatIstShort(new Date(publication.contest.closesAt), lng), published: formatIstShort(new Date(publication.contest.publishedAt), lng) })}</p>
      <div className={`card verify__status${verified === null ? '' : verified ? ' verify__status--ok' : ' verify__status--bad'}`} role="status" aria-live="polite">
        {verified === null ? (
          <Spinner label={t('status.checking', { count: publication.entries.length })} />
        ) : verified ? (
          <>
            <p className="verify__verdict">
              <span className="verify__icon" aria-hidden="true">
                ✓
              </span>
              <span>{t('status.verified')}</span>
            </p>
            <p>{t('status.verifiedText')}</p>
          </>
        ) : (
          <>
            <p className="verify__verdict">
              <span className="verify__icon" aria-hidden="true">
                ✗
              </span>
              <span>{t('status.failed')}</span>
            </p>
            <p>{t('status.failedText')}</p>
            <ul className="verify__failures">
              {rootMismatch && (
                <li>
                  <strong>{t('checks.root')}</strong>
                  <span className="verify__hash">{t('sealed', { value: seal?.seal?.root })}</span>
                  <span className="verify__hash">{t('published', { value: publication.seal.root })}</span>
                </li>
              )}
              {failures.map((check) => (
                <li key={check.id}>
                  <strong>{t(`checks.${check.id}`)}</strong>
                  {/* The domain's report: expected is the published figure, actual the one recomputed here. */}
                  {check.expected !== undefined && <span className="verify__hash">{t('published', { value: check.expected })}</span>}
                  {check.actual !== undefined && <span className="verify__hash">{t('recomputed', { value: check.actual })}</span>}
                  {check.detail !== undefined && <span className="verify__hash">{t('detail', { value: check.detail })}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
        {report && (
          <ul className="verify__checks" aria-label={t('title')}>
            {report.checks.map((check) => (
              <li key={check.id} className={check.ok ? 'verify__check--ok' : 'verify__check--bad'}>
                <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {t(`checks.${check.id}`)}
              </li>
            ))}
          </ul>
        )}
      </div>

      <section className="card verify__section" aria-labelledby="verify-seal">
        <h2 id="verify-seal">{t('seal.title')}</h2>
        <SealFacts root={publication.seal.root} leafCount={publication.seal.leafCount} sealedAt={publication.seal.sealedAt} lng={lng} />
      </section>

      <Decision publication={publication} locale={locale} />

      <section className="card verify__section" aria-labelledby="verify-winner">
        <h2 id="verify-winner">{t('winner.title')}</h2>
        <p>{publication.winner ? t('winner.entry', { pseudonym: publication.winner.pseudonym, ticketId: publication.winner.ticketId }) : t('winner.none')}</p>
      </section>

      <Ranking publication={publication} locale={locale} />

      <ReceiptCheck root={sealedRoot} />

      <section className="card verify__section" aria-labelledby="verify-files">
        <h2 id="verify-files">{t('downloads.title')}</h2>
        <ul className="verify__downloads">
          <li>
            <a href={publicationFileUrl(publication.contest.id)} download>
              {t('downloads.json')}
            </a>
          </li>
          <li>
            <a href={publicationCsvUrl(publication.contest.id)} download>
              {t('downloads.csv')}
            </a>
          </li>
        </ul>
        <p className="muted">{t('downloads.script')}</p>
        <code className="verify__hash verify__command">npm run verify:contest -- {window.location.origin} {publication.contest.id}</code>
      </section>
    </div>
  );
}

function Decision({ publication, locale }: { publication: Publication; locale: string }) {
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
      <div className="verify__table-wrap">
        <table className="verify__table">
          <thead>
            <tr>
              <th scope="col">{t('decision.judge')}</th>
              <th scope="col">{t('decision.position')}</th>
            </tr>
          </thead>
          <tbody>
            {publication.judges.map((judge, index) => (
              <tr key={`${judge.name}-${index}`}>
                <td>{judge.name}</td>
                <td>
                  ({px(judge.x)}, {px(judge.y)})
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('decision.judgedPoint')}</th>
              <td>
                ({px(publication.judgedPoint.x)}, {px(publication.judgedPoint.y)})
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function Ranking({ publication, locale }: { publication: Publication; locale: string }) {
  const { t } = useTranslation('verify');
  const [shown, setShown] = useState(RANKING_PAGE);
  const pseudonymOf = useMemo(() => new Map(publication.entries.map((entry) => [entry.ticketId, entry.pseudonym])), [publication]);
  const total = publication.ranking.length;
  if (total === 0) return null;
  const rows = publication.ranking.slice(0, shown);
  const next = Math.min(RANKING_PAGE * 5, total - shown);
  return (
    <section className="card verify__section" aria-labelledby="verify-ranking">
      <h2 id="verify-ranking">{t('ranking.title')}</h2>
      <div className="verify__table-wrap">
        <table className="verify__table">
          <thead>
            <tr>
              <th scope="col">{t('ranking.rank')}</th>
              <th scope="col">{t('ranking.player')}</th>
              <th scope="col">{t('ranking.distance')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.ticketId}>
                <td>{row.rank.toLocaleString(locale)}</td>
                <td className="verify__hash" title={`${t('ranking.ticket')} ${row.ticketId}`}>
                  {pseudonymOf.get(row.ticketId) ?? '—'}
                </td>
                <td>{row.distance.toLocaleString(locale, { maximumFractionDigits: 2 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('ranking.shown', { shown: rows.length.toLocaleString(locale), total: total.toLocaleString(locale) })}</p>
      {next > 0 && (
        <button type="button" className="button button--small" onClick={() => setShown((n) => n + next)}>
          {t('ranking.more', { count: next })}
        </button>
      )}
    </section>
  );
}

function ReceiptCheck({ root }: { root: string }) {
  const { t } = useTranslation('verify');
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; problem: ReceiptProblem | 'empty' } | null>(null);
  const check = (value: string) => {
    if (!value.trim()) {
      setAnswer({ ok: false, problem: 'empty' });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      setAnswer({ ok: false, problem: 'format' });
      return;
    }
    setAnswer(checkReceipt(parsed, root));
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then((value) => {
      setText(value);
      check(value);
    });
  };
  return (
    <section className="card verify__section" aria-labelledby="verify-receipt">
      <h2 id="verify-receipt">{t('receipt.title')}</h2>
      <p>{t('receipt.text')}</p>
      <label className="field__label" htmlFor="verify-receipt-text">
        {t('receipt.label')}
      </label>
      <textarea id="verify-receipt-text" className="verify__receipt" rows={4} value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} />
      <div className="verify__receipt-actions">
        <button type="button" className="button button--primary" onClick={() => check(text)}>
          {t('receipt.check')}
        </button>
        <label className="verify__file">
          {t('receipt.file')}
          <input type="file" accept="application/json,.json" onChange={onFile} />
        </label>
      </div>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'verify__receipt-ok' : 'verify__receipt-bad'}>
          {answer.ok ? t('receipt.ok') : t(`receipt.${answer.problem ?? 'format'}`)}
        </p>
      )}
    </section>
  );
}
