import type { CartAnswer, ContestView } from '../../domain/contests.ts';
import { contestPhase as phaseOf } from '../../domain/schedule.ts';
import type { TicketPoint } from '../../domain/tickets.ts';
import { apiCall as call, http } from './http.ts';

/* Failures are ApiErrors (src/api/http.ts): the machines read `code`, the screens the message. */

/** In the language the site shows ('en' or 'hi'); the server refuses a browser's tag such as en-IN. */
export const fetchCurrentContests = (lang: 'en' | 'hi') =>
  call('currentContests', () => http.get('/contests/current', { params: { lang } }));

type CountListener = () => void;
const countListeners = new Set<CountListener>();
let lastCartCount: number | null = null;

/**
 * How many tickets the player's cart held in the newest cart answer, from whichever screen asked
 * (the game adds, the cart removes, the header looks): the header's count follows without a call
 * of its own per change. Null until a cart answer arrives, and again after logout.
 */
export const cartCount = {
  get: (): number | null => lastCartCount,
  set(count: number | null): void {
    if (count === lastCartCount) return;
    lastCartCount = count;
    for (const listener of countListeners) listener();
  },
  subscribe(listener: CountListener): () => void {
    countListeners.add(listener);
    return () => countListeners.delete(listener);
  },
};

async function cartCall(request: () => Promise<{ data: unknown }>): Promise<CartAnswer> {
  const cart = await call('cart', request);
  cartCount.set(cart.items.length);
  return cart;
}

export const fetchCart = () => cartCall(() => http.get('/cart'));
/** The cart asked for in the background (the header): a 401 is the caller's alone to handle. */
export const peekCart = () => cartCall(() => http.get('/cart', { quietUnauthorized: true }));
export const addCartItems = (contestId: string, tickets: TicketPoint[]) =>
  cartCall(() => http.post('/cart/items', { contestId, tickets }));
export const removeCartItem = (id: string) => cartCall(() => http.delete(`/cart/items/${encodeURIComponent(id)}`));
/** Free entry of the contest's cart; with `tickets`, the new marks are added first, in the same step. */
export const checkoutFree = (contestId: string, tickets?: ReadonlyArray<{ x: number; y: number }>) =>
  call('freeCheckout', () => http.post('/cart/checkout-free', { contestId, ...(tickets ? { tickets } : {}) }));

/** Where a contest stands now: the domain's one rule (open through closesAt, as the server takes entries). */
export function contestPhase(contest: ContestView, now: Date): 'upcoming' | 'open' | 'closed' {
  return phaseOf(contest, now);
}
