/**
 * The paid-play rules the home page reads on its first paint, without zod (domain/contests.ts
 * holds the schema of the answer, `paidPlaySchema`, and re-exports these).
 */

/** The current-contests answer's `paidPlay`, as paidPlaySchema (domain/contests.ts) reads it. */
export interface PaidPlayShape {
  enabled: boolean;
  message?: string | undefined;
  reason?: 'noGateway' | undefined;
}

/**
 * A paid contest whose tickets cannot be bought yet (no payment gateway): the home card, the play
 * screen and the cart offer a free practice game instead of a price to pay and a checkout.
 */
export function paidEntriesSoon(contest: { ticketPricePaise: number }, paidPlay: PaidPlayShape): boolean {
  return contest.ticketPricePaise > 0 && !paidPlay.enabled && paidPlay.reason === 'noGateway';
}

/**
 * Every contest is free to enter while paid play is off (the switch, not a missing gateway):
 * prices are not shown, and entries are confirmed with one button (issue 26).
 */
export function isPaidPlaySuspended(paidPlay: PaidPlayShape): boolean {
  return !paidPlay.enabled && paidPlay.reason === undefined;
}
