import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HeldEntry } from '../../../domain/contests.ts';
import type { GamePicture } from '../../../domain/practice.ts';
import { paths } from '../../shared/paths.ts';
import { TicketCropList } from '../../ui/TicketCrop.tsx';

interface HeldEntriesProps {
  held: readonly HeldEntry[];
  pictures: ReadonlyMap<string, GamePicture>;
  busy: string | null;
  inr(paise: number): string;
  /** Until 14:05, as the hold's end is said. */
  timeOf(iso: string): string;
  /** Paid play is off: held tickets are entered free with the contest's cart. */
  onEnterFree(contestId: string): void;
}

/**
 * Tickets still held after a payment that failed or was cancelled (issue 25): "Try again ₹X" opens
 * the checkout on that payment (a new attempt on the same reservation); while paid play is off
 * (amount 0) they are entered free instead (issue 26).
 */
export function HeldEntries({ held, pictures, busy, inr, timeOf, onEnterFree }: HeldEntriesProps) {
  const { t } = useTranslation('contest');
  return held.map((entry) => {
    const headingId = `held-${entry.reservationId}`;
    return (
      <section key={entry.reservationId} className="card cart-group cart-held" aria-labelledby={headingId}>
        <div className="cart-group__head">
          <h2 id={headingId}>
            {t(entry.amountPaise > 0 ? 'cart.heldTitle' : 'cart.heldFreeTitle', { slot: entry.slot })}
          </h2>
          <span className="muted">{t('cart.ticketCount', { count: entry.tickets.length })}</span>
        </div>
        <TicketCropList
          tickets={entry.tickets}
          picture={pictures.get(entry.contestId)}
          describe={(n, ticket) => `${t('cart.ticket', { n })}: ${t('cart.coordinates', { x: ticket.x, y: ticket.y })}`}
        />
        <p>{entry.amountPaise > 0 ? t('cart.heldUntil', { time: timeOf(entry.expiresAt) }) : t('cart.heldFree')}</p>
        <div className="cart-group__actions">
          {entry.amountPaise > 0 ? (
            <Link
              to={`${paths.popupCheckout}?contest=${encodeURIComponent(entry.contestId)}&payment=${encodeURIComponent(entry.paymentId)}`}
              className="button button--accent"
            >
              {t('cart.tryAgain', { amount: inr(entry.amountPaise) })}
            </Link>
          ) : (
            <button
              type="button"
              className="button button--accent"
              disabled={busy !== null}
              onClick={() => onEnterFree(entry.contestId)}
            >
              {busy === entry.contestId ? t('cart.confirming') : t('cart.enterFree')}
            </button>
          )}
        </div>
      </section>
    );
  });
}
