import type { PaymentReturnTo } from '../../domain/payments.ts';
import { apiCall as call, http } from './http.ts';

/** Failures are ApiErrors: the checkout machine reads `code`, the screens the message. */
export const applyPromoCode = (contestId: string, code: string) =>
  call('promo', () => http.post('/cart/promo', { contestId, code }));
export const removePromoCode = (contestId: string) =>
  call('promo', () => http.delete('/cart/promo', { data: { contestId } }));
export const createPaymentOrder = (contestId: string, returnTo?: PaymentReturnTo) =>
  call('paymentOrder', () => http.post('/payments/orders', { contestId, ...(returnTo ? { returnTo } : {}) }));
/** "Try again": a new order for the tickets a failed or cancelled payment still holds. */
export const retryPaymentOrder = (paymentId: string, returnTo?: PaymentReturnTo) =>
  call('paymentOrder', () =>
    http.post(`/payments/${encodeURIComponent(paymentId)}/retry`, returnTo ? { returnTo } : {}),
  );
export const fetchPayment = (id: string) => call('payment', () => http.get(`/payments/${encodeURIComponent(id)}`));
export const fetchPayments = () => call('payments', () => http.get('/payments'));
