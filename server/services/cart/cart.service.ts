import type { Kysely, Transaction } from 'kysely';
import { CONTEST_ERROR_CODES, CONTEST_ERROR_MESSAGES, type CartAnswer } from '../../../domain/contests.ts';
import { canAddContestTicket, checkPoint, type DraftTicket, type TicketPoint } from '../../../domain/tickets.ts';
import type { BillingConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { heldCount, takenCount } from '../contests/contest-counters.service.ts';
import { type ContestRow, contestState, findContest, heldPoints } from '../contests/contest.service.ts';
import { promoFromRow } from './promo-rules.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nextCartPosition } from './back-to-cart.ts';
import { heldForPayment } from './held.ts';
import { isPaidPlayEnabled } from '../contests/settings.service.ts';
import { lockContestForCart, lockPlayerCounter, retriedTransaction } from '../../db/lock-order.ts';

import { billFor, cartPoints, contestNotFound, entryPriceOf, gamePlayClosed, ruleBroken } from './shared.ts';

async function pictureSize(db: Db, pictureId: string): Promise<{ width: number; height: number }> {
  return db.selectFrom('pictures').select(['width', 'height']).where('id', '=', pictureId).executeTakeFirstOrThrow();
}

async function openContest(db: Db, contestId: string, now: number): Promise<ContestRow> {
  const contest = await findContest(db, contestId);
  if (!contest) throw contestNotFound();
  if (contestState(contest, now) !== 'open') throw gamePlayClosed();
  return contest;
}

/**
 * Adds marked tickets to the cart, checked with the game's rules in the spec's words: the
 * contest must be open; limits count the tickets held (reserved and confirmed) and those in
 * the cart; a point may not repeat one in the cart or one held. Nothing is reserved yet:
 * reserveCart checks all of it again, atomically.
 */
export async function addCartItems(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  points: readonly TicketPoint[],
  now: number,
): Promise<void> {
  try {
    await retriedTransaction({ db }, (trx) => addCartItemsIn(trx, userId, contestId, points, now));
  } catch (error) {
    // The same point sent twice at once (two tabs): the cart's unique constraint caught it.
    if (isUniqueViolation(error)) throw ruleBroken({ code: 'duplicateCoordinates' });
    throw error;
  }
}

/**
 * One player's adds to one contest's cart run one at a time (issue 27, finding 12): the contest,
 * then the player's counter row, locked in the lock order (server/db/lock-order.ts), before the
 * cart is counted.
 */
async function addCartItemsIn(
  trx: Transaction<Database>,
  userId: string,
  contestId: string,
  points: readonly TicketPoint[],
  now: number,
): Promise<void> {
  await lockContestForCart(trx, contestId);
  const contest = await openContest(trx, contestId, now);
  await lockPlayerCounter(trx, contestId, userId);
  const picture = await pictureSize(trx, contest.picture_id);
  const taken = await takenCount(trx, contestId);
  const heldTickets = await heldCount(trx, contestId, userId);
  const held = await heldPoints(trx, contestId, userId);
  const cart = await cartPoints(trx, userId, contestId);
  const limits = {
    maxPerPerson: contest.max_tickets_per_person,
    alreadyHeld: heldTickets,
    ticketsLeft: Math.max(0, contest.total_tickets - taken),
  };
  const verdict = canAddContestTicket(cart.length, limits, points.length);
  if (!verdict.ok) throw ruleBroken(verdict.reason);
  const draft: DraftTicket[] = cart.map((item) => ({ id: item.id, point: { x: item.x, y: item.y } }));
  for (const [i, point] of points.entries()) {
    const check = checkPoint(point, picture, draft, held);
    if (!check.ok) throw ruleBroken(check.reason);
    draft.push({ id: `new-${i}`, point });
  }
  await trx
    .insertInto('cart_items')
    .values(
      points.map((p, i) => ({
        id: crypto.randomUUID(),
        user_id: userId,
        contest_id: contestId,
        x: p.x,
        y: p.y,
        created_at: now,
        position: nextCartPosition(cart) + i,
      })),
    )
    .execute();
}

export async function removeCartItem(db: Kysely<Database>, userId: string, itemId: string): Promise<void> {
  // Someone else's item is answered like a missing one: ids say nothing about other carts.
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new AppError(404, CONTEST_ERROR_CODES.cartItemNotFound, CONTEST_ERROR_MESSAGES.cartItemNotFound);
}

/** Takes these points of one contest out of a person's cart (an "Enter free" that was refused). */
export async function removeCartPoints(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  points: readonly TicketPoint[],
): Promise<void> {
  for (const p of points)
    await db
      .deleteFrom('cart_items')
      .where('user_id', '=', userId)
      .where('contest_id', '=', contestId)
      .where('x', '=', p.x)
      .where('y', '=', p.y)
      .execute();
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface CartOptions {
  billing: BillingConfig;
  now: number;
  /** The environment's default of the paid-play switch (the console's setting overrides it). */
  paidPlayDefault: boolean;
}

/**
 * The cart's tickets and one bill per contest (each contest is checked out on its own), priced as
 * a new entry costs now (free while paid play is off), and the tickets still held for a payment
 * that failed or was cancelled (`held`, for "Try again").
 */
export async function getCart(
  db: Kysely<Database>,
  userId: string,
  { billing, now, paidPlayDefault }: CartOptions,
): Promise<CartAnswer> {
  const paidPlayOn = await isPaidPlayEnabled(db, paidPlayDefault);
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('contests', 'contests.id', 'cart_items.contest_id')
    .select([
      'cart_items.id',
      'cart_items.contest_id',
      'cart_items.x',
      'cart_items.y',
      'contests.slot',
      'contests.state',
      'contests.opens_at',
      'contests.closes_at',
      'contests.ticket_price_paise',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.position')
    .orderBy('cart_items.x')
    .orderBy('cart_items.y')
    .execute();
  const groups = new Map<string, CartAnswer['groups'][number]>();
  for (const row of rows) {
    const group = groups.get(row.contest_id);
    if (group) group.ticketCount += 1;
    else
      groups.set(row.contest_id, {
        contestId: row.contest_id,
        slot: row.slot,
        state: contestState(row, now),
        closesAt: iso(row.closes_at),
        ticketPricePaise: entryPriceOf(row.ticket_price_paise, paidPlayOn),
        ticketCount: 1,
        bill: billFor(billing, 0, 0),
        promoCode: null,
      });
  }
  // The promo applied to each contest's cart (server/services/cart/promo.service.ts) shows as 'Promo Applied'.
  const promos = await db
    .selectFrom('cart_promos')
    .innerJoin('promo_codes', 'promo_codes.code', 'cart_promos.promo_code')
    .select([
      'cart_promos.contest_id',
      'cart_promos.promo_code',
      'promo_codes.kind',
      'promo_codes.basis_points',
      'promo_codes.amount_paise',
      'promo_codes.cap_paise',
    ])
    .where('cart_promos.user_id', '=', userId)
    .execute();
  const promoOf = new Map(promos.map((p) => [p.contest_id, promoFromRow(p)]));
  const codeOf = new Map(promos.map((p) => [p.contest_id, p.promo_code]));
  for (const group of groups.values()) {
    group.bill = billFor(billing, group.ticketPricePaise, group.ticketCount, promoOf.get(group.contestId) ?? null);
    group.promoCode = codeOf.get(group.contestId) ?? null;
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      contestId: r.contest_id,
      x: r.x,
      y: r.y,
      pricePaise: entryPriceOf(r.ticket_price_paise, paidPlayOn),
    })),
    groups: [...groups.values()],
    held: await heldForPayment(db, userId, now, { billing, paidPlayOn }),
  };
}
