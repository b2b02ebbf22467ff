import {
  CONTEST_ERROR_CODES,
  CONTEST_ERROR_MESSAGES,
  GAME_PLAY_CLOSED_MESSAGE,
  PAID_PLAY_SUSPENDED_MESSAGE,
} from '../../../domain/contests.ts';
import { type Bill, entryBill, type Promo } from '../../../domain/money.ts';
import type { TicketRuleReason } from '../../../domain/tickets.ts';
import type { BillingConfig } from '../../config.ts';
import type { Db } from '../../db/types.ts';
import { AppError, ticketRefused } from '../../errors.ts';

/** 409 for what others' purchases caused, 400 for what this request asked. */
export const ruleBroken = (reason: TicketRuleReason) =>
  ticketRefused(reason, reason.code === 'noTicketsAvailable' || reason.code === 'onlyNAvailable' ? 409 : 400);

export const contestNotFound = () =>
  new AppError(404, CONTEST_ERROR_CODES.contestNotFound, CONTEST_ERROR_MESSAGES.contestNotFound);

export const gamePlayClosed = () => new AppError(400, CONTEST_ERROR_CODES.gamePlayClosed, GAME_PLAY_CLOSED_MESSAGE);

export const paidPlaySuspended = () =>
  new AppError(403, CONTEST_ERROR_CODES.paidPlaySuspended, PAID_PLAY_SUSPENDED_MESSAGE);

/** The bill with the configured fees (domain/money.ts entryBill: nothing to pay for the entries, no fee). */
export function billFor(
  billing: BillingConfig,
  ticketPricePaise: number,
  ticketCount: number,
  promo: Promo | null = null,
): Bill {
  return entryBill(billing, ticketPricePaise, ticketCount, promo);
}

/**
 * What a new entry in a contest costs now: its price while paid play is on; nothing while the
 * switch is off, when every contest is free to enter (issue 26; tickets already paid stay paid).
 */
export const entryPriceOf = (ticketPricePaise: number, paidPlayOn: boolean): number =>
  paidPlayOn ? ticketPricePaise : 0;

export async function cartPoints(db: Db, userId: string, contestId: string) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'x', 'y', 'position'])
    .where('user_id', '=', userId)
    .where('contest_id', '=', contestId)
    .orderBy('created_at')
    .orderBy('position')
    .orderBy('x')
    .orderBy('y')
    .execute();
}
