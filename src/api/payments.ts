import type { PaymentAnswer, PaymentOrderAnswer, PaymentReturnTo, PromoAnswer } from '../../domain/payments.ts';
import { apiCall as call, http } from './http.ts';

/** Failures are ApiErrors: the checkout machine reads `code`, the screens the message. */
export const applyPromoCode = (contestId: string, code: string) =>
  call<PromoAnswer>(() => http.post('/cart/promo', { contestId, code }));
export const removePromoCode = (contestId: string) =>
  call<PromoAnswer>(() => http.delete('/cart/promo', { data: { contestId } }));
export const createPaymentOrder = (contestId: string, returnTo?: PaymentReturnTo) =>
  call<PaymentOrderAnswer>(() => http.post('/payments/orders', { contestId, ...(returnTo ? { returnTo } : {}) }));
/** "Try again": a new order for the tickets a failed or cancelled payment still holds. */
export const retryPaymentOrder = (paymentId: string, returnTo?: PaymentReturnTo) =>
  call<PaymentOrderAnswer>(() =>
    http.post(`/payments/${encodeURIComponent(paymentId)}/retry`, returnTo ? { returnTo } : {}),
  );
export const fetchPayment = (id: string) => call<PaymentAnswer>(() => http.get(`/payments/${encodeURIComponent(id)}`));
export const fetchPayments = () => call<PaymentAnswer[]>(() => http.get('/payments'));
