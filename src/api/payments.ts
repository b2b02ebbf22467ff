import { AxiosError } from 'axios';
import type { PaymentAnswer, PaymentOrderAnswer, PromoAnswer } from '../../domain/payments.ts';
import { ContestApiError } from './contests.ts';
import { type ApiErrorBody, dataOf, http } from './http.ts';

/** Failures carry the server's code (the checkout machine reads `code`) and message. */
function toApiError(error: unknown): ContestApiError {
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
    throw toApiError(error);
  }
}

export const applyPromoCode = (contestId: string, code: string) =>
  call<PromoAnswer>(() => http.post('/cart/promo', { contestId, code }));
export const removePromoCode = (contestId: string) =>
  call<PromoAnswer>(() => http.delete('/cart/promo', { data: { contestId } }));
export const createPaymentOrder = (contestId: string) =>
  call<PaymentOrderAnswer>(() => http.post('/payments/orders', { contestId }));
export const fetchPayment = (id: string) => call<PaymentAnswer>(() => http.get(`/payments/${encodeURIComponent(id)}`));
export const fetchPayments = () => call<PaymentAnswer[]>(() => http.get('/payments'));
