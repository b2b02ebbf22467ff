import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router-dom';
import type { MyClaim, MyEntry } from '../../../domain/results.ts';
import { fetchMyEntries } from '../../api/results.ts';
import { useLanguageRead } from './use-language-read.ts';
import { fetchReceipt } from '../../api/verification.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { paths } from '../../app/paths.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ClaimPanel } from './ClaimPanel.tsx';
import { MarkedPicture, type PictureMark } from './MarkedPicture.tsx';
import { useBallWidthWords } from './distance-words.ts';
import '../../styles/results.css';

/** My Account > My entries: the tickets held in each contest and, once published, how each did. */
export function MyEntriesSection() {
  const { t } = useTranslation('results');
  const { outcome, retry, update } = useLanguageRead(fetchMyEntries);
  const claimed = (contestId: string, claim: MyClaim) =>
    update((data) => ({
      ...data,
      contests: data.contests.map((c) => (c.contestId === contestId ? { ...c, claim } : c)),
    }));

  return (
    <section className="account__card my-entries" aria-labelledby="my-entries">
      <h2 id="my-entries">{t('entries.title')}</h2>
      <p className="muted">{t('entries.intro')}</p>
      {!outcome ? (
        <Spinner label={t('entries.loading')} />
      ) : !outcome.ok ? (
        <div className="results-state">
          <p role="alert">{t('entries.error')}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : outcome.data.contests.length === 0 ? (
        <EmptyState className="results-state" text={t('entries.empty')} line={t('entries.emptyLine')}>
          <Link to={paths.playScreen} className="button button--primary">
            {t('entries.play')}
          </Link>
        </EmptyState>
      ) : (
        <ol className="my-entries__list">
          {outcome.data.contests.map((entry) => (
            <li key={entry.contestId}>
              <EntryCard entry={entry} onClaimed={(claim) => claimed(entry.contestId, claim)} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EntryCard({ entry, onClaimed }: { entry: MyEntry; onClaimed: (claim: MyClaim) => void }) {
  const { t, i18n } = useTranslation('results');
  const distance = useBallWidthWords();
  const lng = currentLanguage(i18n);
  const published = entry.state === 'published';
  const marks: PictureMark[] = entry.tickets.map((ticket, i) => ({
    key: ticket.id,
    x: ticket.x,
    y: ticket.y,
    kind: ticket.rank === 1 ? 'winner' : 'mine',
    label: String(i + 1),
    title: `${t('entries.yourTicket')} ${i + 1}`,
  }));
  if (entry.judgedPoint)
    marks.unshift({
      key: 'judged',
      x: entry.judgedPoint.x,
      y: entry.judgedPoint.y,
      kind: 'judged',
      title: t('card.judgedPoint'),
    });
  return (
    <article className="entry-card" aria-labelledby={`entry-${entry.contestId}`}>
      <h3 id={`entry-${entry.contestId}`} className="entry-card__title">
        {t('entries.contest', { slot: entry.slot, date: formatIstDateTime(new Date(entry.closesAt), lng) })}
      </h3>
      <p className={`chip entry-card__state entry-card__state--${entry.state}`}>{t(`entries.states.${entry.state}`)}</p>
      {entry.isWinner && <p className="entry-card__won">{t('entries.youWon')}</p>}
      {entry.picture && (
        <MarkedPicture
          picture={entry.picture}
          marks={marks}
          alt={t('entries.pictureAlt')}
          sizes="(min-width: 48rem) 30rem, 100vw"
        />
      )}
      <ol className="entry-card__tickets">
        {entry.tickets.map((ticket, i) => (
          <li key={ticket.id}>
            <span>{t('entries.ticket', { n: i + 1, x: ticket.x, y: ticket.y })}</span>
            {ticket.status === 'reserved' && <span className="muted"> · {t('entries.reserved')}</span>}
            {ticket.rank !== null && entry.entries !== null && (
              <strong> · {t('entries.rank', { rank: ticket.rank, total: entry.entries })}</strong>
            )}
            {ticket.distance !== null && (
              <span>
                {' · '}
                {entry.ballWidth === null
                  ? t('entries.distanceDetails', { pixels: distance.pixels(ticket.distance) })
                  : t('entries.distance', { words: distance.words(ticket.distance, entry.ballWidth) })}
                {entry.ballWidth !== null && (
                  <span className="muted">
                    {' ('}
                    {t('entries.distanceDetails', { pixels: distance.pixels(ticket.distance) })})
                  </span>
                )}
              </span>
            )}
            {entry.sealed && ticket.status === 'confirmed' && (
              <ReceiptButton ticketId={ticket.id} n={i + 1} contestId={entry.contestId} />
            )}
          </li>
        ))}
      </ol>
      {!published && entry.state !== 'cancelled' && (
        <p className="muted">{t('entries.pending', { date: formatIstDateTime(new Date(entry.showAt), lng) })}</p>
      )}
      {entry.state === 'cancelled' && <p className="muted">{t('entries.cancelled')}</p>}
      {entry.sealed && (
        <p className="muted entry-card__receipts">
          {t('receipt.note')}
          {published && (
            <>
              {' · '}
              <Link to={generatePath(paths.verifyContest, { contestId: entry.contestId })}>{t('card.check')}</Link>
            </>
          )}
        </p>
      )}
      {entry.isWinner && entry.tax && (
        <ClaimPanel contestId={entry.contestId} tax={entry.tax} claim={entry.claim} onClaimed={onClaimed} />
      )}
    </article>
  );
}

/**
 * Downloads the ticket's receipt (its sealed leaf and inclusion proof) as a JSON file the player
 * keeps; anyone can check it against the published root on the check page or with the script.
 */
function ReceiptButton({ ticketId, n, contestId }: { ticketId: string; n: number; contestId: string }) {
  const { t } = useTranslation('results');
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = () => {
    setState('loading');
    fetchReceipt(ticketId).then(
      (receipt) => {
        const url = URL.createObjectURL(new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' }));
        const link = document.createElement('a');
        link.href = url;
        link.download = `receipt-${contestId}-${ticketId}.json`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        setState('idle');
      },
      () => setState('failed'),
    );
  };
  return (
    <>
      {' · '}
      <button
        type="button"
        className="entry-card__receipt"
        aria-label={t('receipt.label', { n })}
        disabled={state === 'loading'}
        onClick={download}
      >
        {t('receipt.action')}
      </button>
      {state === 'failed' && (
        <span role="alert" className="entry-card__receipt-failed">
          {' '}
          {t('receipt.failed', { n })}
        </span>
      )}
    </>
  );
}
