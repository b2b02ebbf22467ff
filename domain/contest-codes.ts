/**
 * The contests' and the cart's error codes, messages and limits, without zod (issue 29): the play
 * screen and the cart read them, and importing domain/contests.ts (which re-exports them) would
 * build every schema of the contract on a game screen's start.
 */

/** The announcement and the refusal of new payment orders while paid play is suspended. */
export const PAID_PLAY_SUSPENDED_MESSAGE =
  'Real-money play and new cash deposits are suspended with immediate effect because of the new online-gaming law.';

export const LOGIN_TO_PLAY_MESSAGE = 'Please login to participate in this contest!';
export const GAME_PLAY_CLOSED_MESSAGE = 'Game Play Closed!';

export const CONTEST_ERROR_CODES = {
  paidPlaySuspended: 'PAID_PLAY_SUSPENDED',
  gamePlayClosed: 'GAME_PLAY_CLOSED',
  contestNotFound: 'CONTEST_NOT_FOUND',
  cartEmpty: 'CART_EMPTY',
  cartItemNotFound: 'CART_ITEM_NOT_FOUND',
  freeEntryOnly: 'FREE_ENTRY_CONTEST',
  notFreeEntry: 'NOT_FREE_ENTRY',
  reservationNotFound: 'RESERVATION_NOT_FOUND',
  reservationExpired: 'RESERVATION_EXPIRED',
} as const;

export const CONTEST_ERROR_MESSAGES = {
  contestNotFound: 'This contest does not exist.',
  cartEmpty: 'Your cart has no tickets for this contest.',
  cartItemNotFound: 'This ticket is not in your cart.',
  freeEntryOnly: 'This contest is free to enter; confirm your tickets without payment.',
  notFreeEntry: 'This contest is not free to enter.',
  reservationNotFound: 'This reservation does not exist.',
  reservationExpired: 'Your reserved tickets have expired. Add them to the cart again.',
} as const;

/** The most tickets one request may add; a contest's own limit (75 by default) applies on top. */
export const CART_MAX_ADD = 100;
