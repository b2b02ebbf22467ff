import type { CartAnswer } from '../../domain/contests.ts';
import type { TicketPoint } from '../../domain/tickets.ts';
import { cartCount } from './cart-count.ts';
import { apiCall as call, http } from './http.ts';

/* Failures are ApiErrors (src/api/http.ts): the machines read `code`, the screens the message. */

// What the home page and the header need on their first paint, without axios (issue 29).
export { cartCount } from './cart-count.ts';
export { contestPhase, fetchCurrentContests } from './current-contests.ts';

async function cartCall(request: () => Promise<{ data: unknown }>, changes = true): Promise<CartAnswer> {
  // A change of the cart makes a cart asked ahead of it stale.
  if (changes) forgetCartAhead();
  const cart = await call('cart', request);
  cartCount.set(cart.items.length);
  return cart;
}

export const fetchCart = () => cartCall(() => http.get('/cart'), false);

/** A cart asked ahead is taken this long at most. */
const AHEAD_MS = 10_000;
let cartAhead: { view: string; at: number; answer: Promise<CartAnswer> } | null = null;

/**
 * The play screen asks for the cart as it opens, beside the location check and the contest
 * instead of after them (issue 29; the server preloads it with the screen's HTML): its marking's
 * first load takes the answer (takeCart). `view` names the page view (the router's location key):
 * asked again in the same view, the answer held is kept; a new view asks anew.
 */
export function askCartAhead(view: string): void {
  if (cartAhead && cartAhead.view === view && Date.now() - cartAhead.at < AHEAD_MS) return;
  const answer = fetchCart();
  // Not a failure of its own: the taker reads it (and shows it), or a new ask replaces it.
  answer.catch(() => undefined);
  cartAhead = { view, at: Date.now(), answer };
}

/** The cart asked ahead when it is at most a few seconds old (once), else the cart asked now. */
export function takeCart(): Promise<CartAnswer> {
  const ahead = cartAhead;
  cartAhead = null;
  return ahead && Date.now() - ahead.at < AHEAD_MS ? ahead.answer : fetchCart();
}

/** Drops a cart asked ahead: the cart changed since (and for tests, a new page). */
export function forgetCartAhead(): void {
  cartAhead = null;
}

export const peekCart = () => cartCall(() => http.get('/cart', { quietUnauthorized: true }), false);
export const addCartItems = (contestId: string, tickets: TicketPoint[]) =>
  cartCall(() => http.post('/cart/items', { contestId, tickets }));
export const removeCartItem = (id: string) => cartCall(() => http.delete(`/cart/items/${encodeURIComponent(id)}`));
/**
 * Free entry of the contest's cart; with `tickets`, the new marks are added first, in the same
 * step. The contest's tickets held in the cart are entered too, so the header's count is asked
 * again when the cart held any (another contest's may stay).
 */
export async function checkoutFree(contestId: string, tickets?: ReadonlyArray<{ x: number; y: number }>) {
  forgetCartAhead();
  const answer = await call('freeCheckout', () =>
    http.post('/cart/checkout-free', { contestId, ...(tickets ? { tickets } : {}) }),
  );
  if ((cartCount.get() ?? 0) > 0) void peekCart().catch(() => undefined);
  return answer;
}
