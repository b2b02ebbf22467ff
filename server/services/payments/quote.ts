import { type Bill, entryBill } from '../../../domain/money.ts';
import type { BillingConfig } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { contestState } from '../contests/contest.service.ts';
import { promoFromRow } from '../cart/promo-rules.ts';
import { usablePromo } from '../cart/promo.service.ts';

/** What a new attempt on a failed payment's held tickets costs now. */
export interface RetryQuote {
  reservationId: string;
  amountPaise: number;
  bill: Bill;
  /** The failed payment's promo code while it is still usable; null otherwise. */
  promoCode: string | null;
  expiresAt: number;
  ticketCount: number;
}

export interface QuoteOptions {
  billing: BillingConfig;
  /** Whether the paid-play switch is on now: off, held tickets are entered free, not paid for. */
  paidPlayOn: boolean;
}

/**
 * Whether a payment may be tried again, and for how much (issue 25): it failed or was cancelled,
 * its reservation still holds the tickets (active, not run out), the contest still takes entries
 * and paid play is on. The bill is the same as the failed one's, with its promo code as long as
 * the code is still usable; null when no new attempt can be made.
 */
export async function retryQuote(
  db: Db,
  payment: { user_id: string; status: string; reservation_id: string; promo_code: string | null },
  now: number,
  { billing, paidPlayOn }: QuoteOptions,
): Promise<RetryQuote | null> {
  if (!paidPlayOn || (payment.status !== 'failed' && payment.status !== 'cancelled')) return null;
  const row = await db
    .selectFrom('reservations')
    .innerJoin('contests', 'contests.id', 'reservations.contest_id')
    .select([
      'reservations.id',
      'reservations.status',
      'reservations.expires_at',
      'reservations.ticket_count',
      'contests.state',
      'contests.opens_at',
      'contests.closes_at',
      'contests.ticket_price_paise',
    ])
    .where('reservations.id', '=', payment.reservation_id)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || Number(row.expires_at) < now) return null;
  if (contestState(row, now) !== 'open') return null;
  let promoCode: string | null = null;
  let bill = entryBill(billing, Number(row.ticket_price_paise), Number(row.ticket_count));
  if (payment.promo_code) {
    try {
      const promo = promoFromRow(await usablePromo(db, payment.promo_code, payment.user_id, now));
      bill = entryBill(billing, Number(row.ticket_price_paise), Number(row.ticket_count), promo);
      promoCode = payment.promo_code;
    } catch (error) {
      // Used up or ended since: the new attempt costs the price without it.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return {
    reservationId: row.id,
    amountPaise: bill.grandTotal,
    bill,
    promoCode,
    expiresAt: Number(row.expires_at),
    ticketCount: Number(row.ticket_count),
  };
}
