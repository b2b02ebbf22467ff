import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { releaseReservedTickets } from '../contests/contest-counters.service.ts';
import { lockContests } from '../../db/lock-order.ts';

/** The position after the last of these cart items: new ones go after them, as on the play screen. */
export function nextCartPosition(items: ReadonlyArray<{ position: number }>): number {
  return items.reduce((next, item) => Math.max(next, item.position + 1), 0);
}

/**
 * Puts the released tickets of these reservations back in their players' carts, in the order they
 * were marked, after anything added meanwhile: the player pays again (or enters free) without
 * marking them again. A point already in the cart stays once; a cancelled contest's stay out.
 */
export async function ticketsBackToCart(
  trx: Transaction<Database>,
  reservationIds: readonly string[],
  now: number,
): Promise<void> {
  for (const reservationId of reservationIds) {
    const points = await trx
      .selectFrom('tickets')
      .select(['user_id', 'contest_id', 'x', 'y'])
      .where('reservation_id', '=', reservationId)
      .where('status', '=', 'released')
      .orderBy('position')
      .orderBy('x')
      .orderBy('y')
      .execute();
    const first = points[0];
    if (!first) continue;
    // A cancelled contest takes no more tickets: nothing goes back to a cart for it.
    const contest = await trx
      .selectFrom('contests')
      .select('cancelled_at')
      .where('id', '=', first.contest_id)
      .executeTakeFirst();
    if ((contest?.cancelled_at ?? null) !== null) continue;
    const inCart = await trx
      .selectFrom('cart_items')
      .select('position')
      .where('user_id', '=', first.user_id)
      .where('contest_id', '=', first.contest_id)
      .execute();
    const base = nextCartPosition(inCart);
    await trx
      .insertInto('cart_items')
      .values(
        points.map((p, i) => ({
          id: crypto.randomUUID(),
          user_id: p.user_id,
          contest_id: p.contest_id,
          x: p.x,
          y: p.y,
          created_at: now,
          position: base + i,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'contest_id', 'x', 'y']).doNothing())
      .execute();
  }
}

/**
 * Gives a reservation's tickets back (a payment that ended without money while the hold had run
 * out, an order the gateway never took, free entry replacing a held paid entry) and puts their
 * points back in the cart.
 */
export async function releaseReservation(
  trx: Transaction<Database>,
  reservationId: string,
  now: number,
): Promise<void> {
  // The contest before the reservation and the counters (server/db/lock-order.ts).
  const owner = await trx
    .selectFrom('reservations')
    .select('contest_id')
    .where('id', '=', reservationId)
    .executeTakeFirst();
  if (owner) await lockContests(trx, [owner.contest_id]);
  const result = await trx
    .updateTable('reservations')
    .set({ status: 'cancelled' })
    .where('id', '=', reservationId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await releaseReservedTickets(trx, { reservationIds: [reservationId] });
  await ticketsBackToCart(trx, [reservationId], now);
}
