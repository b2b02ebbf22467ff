import type { CartAnswer } from '../../domain/contests.ts';

/** The bill, cart, order and payment answers the checkout screen's tests share. */

export const bill = {
  itemsTotal: 9800,
  promoApplied: 0,
  subtotal: 9800,
  baseAmount: 8305,
  gstOnEntry: 1495,
  platformFee: 1000,
  gstOnPlatformFee: 180,
  totalPlatformFee: 1180,
  grandTotal: 10980,
};
export const promoBill = {
  ...bill,
  promoApplied: 980,
  subtotal: 8820,
  baseAmount: 7475,
  gstOnEntry: 1345,
  grandTotal: 10000,
};

export const group: CartAnswer['groups'][number] = {
  contestId: 'c1',
  slot: 'A',
  state: 'open',
  closesAt: new Date(Date.now() + 3_600_000).toISOString(),
  ticketPricePaise: 4900,
  ticketCount: 2,
  bill,
  promoCode: null,
};
export const cart: CartAnswer = {
  items: [
    { id: 'i1', contestId: 'c1', x: 10, y: 20, pricePaise: 4900 },
    { id: 'i2', contestId: 'c1', x: 30, y: 40, pricePaise: 4900 },
  ],
  groups: [group],
  held: [],
};

export const order = (over: Record<string, unknown> = {}) => ({
  paymentId: 'p1',
  orderId: 'order_1',
  amountPaise: 10980,
  currency: 'INR',
  gateway: 'sandbox',
  checkoutUrl: '/sandbox-gateway/checkout/order_1',
  keyId: null,
  refNo: 'REF1',
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
  bill,
  status: 'pending',
  ...over,
});

/** The server's answer about payment p1 (GET /payments/p1). */
export const paymentAnswer = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  status: 'failed',
  refNo: 'REF1',
  txnId: null,
  amountPaise: 10980,
  createdAt: new Date().toISOString(),
  phone: '9876543210',
  contestId: 'c1',
  orderId: 'order_1',
  promoCode: null,
  failureReason: 'Your payment was declined by your bank.',
  failureCode: 'declined',
  retry: { amountPaise: 10980, expiresAt: '2026-11-21T06:45:00.000Z' },
  refunded: false,
  refund: null,
  refundPending: false,
  refundCode: null,
  invoice: null,
  creditNote: null,
  contest: { slot: 'A', closesAt: '2026-11-25T18:29:59.999Z', showAt: '2026-11-26T15:30:00.000Z' },
  ticketCount: 2,
  ...over,
});
