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
export const fetchCurrentContests = (lang: 'en' | 'hi') => call<CurrentContests>(() => http.get('/contests/current', { params: { lang } }));
export const fetchCart = () => call<CartAnswer>(() => http.get('/cart'));
export const addCartItems = (contestId: string, tickets: TicketPoint[]) => call<CartAnswer>(() => http.post('/cart/items', { contestId, tickets }));
export const removeCartItem = (id: string) => call<CartAnswer>(() => http.delete(`/cart/items/${encodeURIComponent(id)}`));
export const checkoutFree = (contestId: string) => call<FreeCheckoutAnswer>(() => http.post('/cart/checkout-free', { contestId }));

/** Where a contest stands now: its own state, with the clock as the tie-breaker at the edges. */
export function contestPhase(contest: ContestView, now: Date): 'upcoming' | 'open' | 'closed' {
  if (contest.state === 'upcoming') return now.getTime() >= Date.parse(contest.opensAt) ? 'open' : 'upcoming';
  if (contest.state === 'open') return now.getTime() >= Date.parse(contest.closesAt) ? 'closed' : 'open';
  return 'closed';
}
