import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router-dom';
import type { MyClaim, MyEntry } from '../../../domain/results.ts';
import { countdown } from '../../../domain/schedule.ts';
import { ticketNumber } from '../../../domain/tickets.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import { TicketCrop } from '../../ui/TicketCrop.tsx';
import { useNow } from '../../ui/use-now.ts';
import { ClaimPanel } from '../winners/ClaimPanel.tsx';
import { useBallWidthWords } from '../winners/distance-words.ts';
import { MarkedPicture, type PictureMark } from '../winners/MarkedPicture.tsx';
import { bestTicket, closeWording, entryCountdown, ticketStatus } from './entry-status.ts';
import { ReceiptButton } from './ReceiptButton.tsx';

/**
 * One contest of My entries: its state, the countdown to the close or the show, each ticket as a
 * crop of the picture with where it stands, and once published the result on the picture, the
 * player's best place and, for the winner, the prize claim.
 */
export function EntryCard({ entry, onClaimed }: { entry: MyEntry; onClaimed: (claim: MyClaim) => void }) {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  const published = entry.state === 'published';
  const best = bestTicket(entry);
  const words = useBallWidthWords();
  // A minute is fine enough for 'closes' to become 'closed' on a card left open.
  const now = useNow(60_000);
  const titleKey = {
    closes: 'entries.contest',
    closed: 'entries.contestClosed',
    cancelledBeforeClose: 'entries.contestCancelled',
  } as const;
  // Distances in ball widths first, as the practice reveal tells them; the pixels in brackets.
  const distanceOf = (pixels: number) =>
    entry.ballWidth === null
      ? t('entries.distanceDetails', { pixels: words.pixels(pixels) })
      : `${t('entries.distance', { words: words.words(pixels, entry.ballWidth) })} (${t('entries.distanceDetails', { pixels: words.pixels(pixels) })})`;
  return (
    <article className="card entry-card" aria-labelledby={`entry-${entry.contestId}`}>
      <header className="entry-card__head">
        <h2 id={`entry-${entry.contestId}`} className="entry-card__title">
          {t(titleKey[closeWording(entry, now)], {
            slot: entry.slot,
            date: formatIstDateTime(new Date(entry.closesAt), lng),
          })}
        </h2>
        <p className={`chip entry-card__state entry-card__state--${entry.state}`}>
          {t(`entries.states.${entry.state}`)}
        </p>
      </header>
      <p className="entry-card__prize">{t('entries.prize', { prize: entry.prize.title })}</p>
      <EntryClock entry={entry} />
      {entry.isWinner && <p className="entry-card__won">{t('entries.youWon')}</p>}
      {published && best && entry.entries !== null && (
        <p className="entry-card__result">
          {t('entries.best', { rank: best.rank, total: entry.entries })}
          {best.distance !== null && ` · ${distanceOf(best.distance)}`}
        </p>
      )}
      {published && entry.picture && <ResultPicture entry={entry} picture={entry.picture} />}
      <ul className="entry-card__tickets" aria-label={t('entries.ticketsLabel', { count: entry.tickets.length })}>
        {entry.tickets.map((ticket, index) => {
          const n = ticketNumber(index);
          const status = ticketStatus(ticket, entry);
          return (
            <li key={ticket.id} className="entry-ticket">
              {entry.picture ? (
                <TicketCrop picture={entry.picture} point={ticket} n={n} size={72} />
              ) : (
                <span className="entry-ticket__n">{n}</span>
              )}
              <span className="entry-ticket__text">
                <span className="entry-ticket__where">{t('entries.ticket', { n, x: ticket.x, y: ticket.y })}</span>
                <span className={`entry-ticket__status entry-ticket__status--${status}`}>
                  {status === 'ranked' && ticket.rank !== null && entry.entries !== null
                    ? t('entries.rank', { rank: ticket.rank, total: entry.entries })
                    : t(`entries.status.${status}`)}
                </span>
                {ticket.distance !== null && <span className="muted">{distanceOf(ticket.distance)}</span>}
                {entry.sealed && ticket.status === 'confirmed' && (
                  <ReceiptButton ticketId={ticket.id} n={n} contestId={entry.contestId} />
                )}
              </span>
            </li>
          );
        })}
      </ul>
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

/** The countdown to the close, then to the live show; the show's time once neither runs. */
function EntryClock({ entry }: { entry: MyEntry }) {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  const now = useNow(1000);
  const next = entryCountdown(entry, now);
  if (next) {
    const label = next.to === 'close' ? t('entries.closesIn') : t('entries.showIn');
    return (
      <div className="entry-card__clock">
        <p className="entry-card__clock-label">{label}</p>
        <Countdown parts={countdown(now, next.at)} label={label} compact />
      </div>
    );
  }
  if (entry.state === 'published' || entry.state === 'cancelled') return null;
  return <p className="muted">{t('entries.pending', { date: formatIstDateTime(new Date(entry.showAt), lng) })}</p>;
}

/** The published result: the judged ball and the player's tickets on the whole picture. */
function ResultPicture({ entry, picture }: { entry: MyEntry; picture: NonNullable<MyEntry['picture']> }) {
  const { t } = useTranslation('results');
  const marks: PictureMark[] = entry.tickets.map((ticket, i) => ({
    key: ticket.id,
    x: ticket.x,
    y: ticket.y,
    kind: ticket.rank === 1 ? 'winner' : 'mine',
    label: String(ticketNumber(i)),
    title: `${t('entries.yourTicket')} ${ticketNumber(i)}`,
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
    <MarkedPicture
      picture={picture}
      marks={marks}
      alt={t('entries.pictureAlt')}
      sizes="(min-width: 56rem) 28rem, 100vw"
    />
  );
}
