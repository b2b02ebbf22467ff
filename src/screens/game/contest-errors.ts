/**
 * The refusals of contest and cart calls that the contest namespace words itself (contest.json
 * `errors.<CODE>`), as the play and cart screens show them.
 */
const CONTEST_SCREEN_ERRORS = [
  'GAME_PLAY_CLOSED',
  'PAID_PLAY_SUSPENDED',
  'CONTEST_NOT_FOUND',
  'CART_EMPTY',
  'CART_ITEM_NOT_FOUND',
  'FREE_ENTRY_CONTEST',
  'NOT_FREE_ENTRY',
  'UNAUTHENTICATED',
] as const;
export type ContestScreenError = (typeof CONTEST_SCREEN_ERRORS)[number];

export const isContestScreenError = (code: string): code is ContestScreenError =>
  (CONTEST_SCREEN_ERRORS as readonly string[]).includes(code);
