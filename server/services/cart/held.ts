import type { Kysely } from 'kysely';
import type { HeldEntry } from '../../../domain/contests.ts';
import type { BillingConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { retryQuote } from '../payments/quote.ts';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * A player's tickets still held after a payment that failed or was cancelled, in contests that
 * still take entries (issue 25): the cart lists them with "Try again" (or, while paid play is off,
 * enters them free with the contest's cart).
 */
export async function heldForPayment(
  db: Kysely<Database>,
  userId: string,
  now: number,
  options: { billing: BillingConfig; paidPlayOn: boolean },
): Promise<HeldEntry[]> {
  const rows = await db
    .selectFrom('reservations')
    .innerJoin('payments', 'payments.reservation_id', 'reservations.id')
    .innerJoin('contests', 'contests.id', 'reservations.contest_id')
    .select([
      'reservations.id as reservation_id',
      'reservations.expires_at',
      'payments.id as payment_id',
      'payments.user_id',
      'payments.status',
      'payments.promo_code',
      'contests.id as contest_id',
      'contests.slot',
      'contests.closes_at',
    ])
    .where('reservations.user_id', '=', userId)
    .where('reservations.status', '=', 'active')
    .where('reservations.expires_at', '>=', now)
    .where('payments.status', 'in', ['failed', 'cancelled'])
    .orderBy('reservations.created_at')
    .execute();
  const held: HeldEntry[] = [];
  for (const row of rows) {
    const tickets = await db
      .selectFrom('tickets')
      .select(['x', 'y'])
      .where('reservation_id', '=', row.reservation_id)
      .where('status', '=', 'reserved')
      .orderBy('position')
      .orderBy('x')
      .orderBy('y')
      .execute();
    if (tickets.length === 0) continue;
    // Asked as if paid play were on: it says whether the hold and the contest still take the entry.
    const quote = await retryQuote(
      db,
      { user_id: row.user_id, status: row.status, reservation_id: row.reservation_id, promo_code: row.promo_code },
      now,
      { billing: options.billing, paidPlayOn: true },
    );
    if (!quote) continue;
    held.push({
      reservationId: row.reservation_id,
      paymentId: row.payment_id,
      contestId: row.contest_id,
      slot: row.slot,
      closesAt: iso(row.closes_at),
      expiresAt: iso(row.expires_at),
      tickets,
      amountPaise: options.paidPlayOn ? quote.amountPaise : 0,
    });
  }
  return held;
}
