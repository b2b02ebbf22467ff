import { AxiosError } from 'axios';
import type { CartAnswer, ContestView, CurrentContests, FreeCheckoutAnswer } from '../../domain/contests.ts';
import type { TicketPoint } from '../../domain/tickets.ts';
import { type ApiErrorBody, dataOf, http } from './http.ts';

/** A failed contest or cart call with the server's code and message (the machine reads `code`). */
export class ContestApiError extends Error {
  readonly code: string;
  readonly status: number | null;
  constructor(code: string, message: string, status: number | null) {
    super(message);
    this.name = 'ContestApiError';
    this.code = code;
    this.status = status;
  }
}

function toContestError(error: unknown): ContestApiError {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    return new ContestApiError(body?.code ?? 'unknown', body?.message ?? error.message, error.response?.status ?? null);
  }
  return new ContestApiError('unknown', error instanceof Error ? error.message : 'unknown', null);
}

async function call<T>(request: () => Promise<{ data: unknown }>): Promise<T> {
  try {
    return dataOf<T>((await request()).data);
  } catch (error) {
    throw toContestError(error);
  }
}

/** In the language the site shows ('en' or 'hi'); the server refuses a browser's tag such as en-IN. */
export const fetchCurrentContests = (lang: 'en' | 'hi') =>
  call<CurrentContests>(() => http.get('/contests/current', { params: { lang } }));

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
  const cart = await call<CartAnswer>(request);
  cartCount.set(cart.items.length);
  return cart;
}

export const fetchCart = () => cartCall(() => http.get('/cart'));
/** The cart asked for in the background (the header): a 401 is the caller's alone to handle. */
export const peekCart = () => cartCall(() => http.get('/cart', { quietUnauthorized: true }));
export const addCartItems = (contestId: string, tickets: TicketPoint[]) =>
  cartCall(() => http.post('/cart/items', { contestId, tickets }));
export const removeCartItem = (id: string) => cartCall(() => http.delete(`/cart/items/${encodeURIComponent(id)}`));
export const checkoutFree = (contestId: string) =>
  call<FreeCheckoutAnswer>(() => http.post('/cart/checkout-free', { contestId }));

/** Where a contest stands now: its own state, with the clock as the tie-breaker at the edges. */
export function contestPhase(contest: ContestView, now: Date): 'upcoming' | 'open' | 'closed' {
  if (contest.state === 'upcoming') return now.getTime() >= Date.parse(contest.opensAt) ? 'open' : 'upcoming';
  if (contest.state === 'open') return now.getTime() >= Date.parse(contest.closesAt) ? 'closed' : 'open';
  return 'closed';
}
