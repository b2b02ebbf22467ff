import type { SnapshotFrom } from 'xstate';
import type { Bill } from '../../domain/money.ts';
import type { PaymentAnswer, PaymentOrderAnswer } from '../../domain/payments.ts';
import type { checkoutMachine } from '../../machines/checkout.machine.ts';

/** The bills, orders and payments the checkout machine's unit and model tests share. */

export type Snapshot = SnapshotFrom<typeof checkoutMachine>;

export const bill: Bill = {
  itemsTotal: 10_000,
  promoApplied: 0,
  subtotal: 10_000,
  baseAmount: 7_813,
  gstOnEntry: 2_187,
  platformFee: 1_000,
  gstOnPlatformFee: 180,
  totalPlatformFee: 1_180,
  grandTotal: 11_180,
};
export const promoBill: Bill = {
  ...bill,
  promoApplied: 1_000,
  subtotal: 9_000,
  baseAmount: 7_031,
  gstOnEntry: 1_969,
  grandTotal: 10_180,
};
export const paid = { outcome: 'success', paymentId: 'pay_1', signature: 'sig_1' } as const;

export const orderAnswer = (over: Partial<PaymentOrderAnswer>): PaymentOrderAnswer => ({
  paymentId: 'p1',
  orderId: 'order_1',
  amountPaise: bill.grandTotal,
  currency: 'INR',
  gateway: 'sandbox',
  checkoutUrl: '/sandbox-gateway/checkout/order_1?returnTo=play',
  keyId: null,
  refNo: 'CS20261121AAAA0001',
  expiresAt: '2026-11-21T06:15:00.000Z',
  bill,
  status: 'pending',
  ...over,
});
/** Our order p1 at the gateway; a zero bill (p9) settled at once; the retry's order p2. */
export const order1 = orderAnswer({});
export const settledOrder = orderAnswer({
  paymentId: 'p9',
  orderId: 'nil_p9',
  amountPaise: 0,
  checkoutUrl: null,
  status: 'success',
});
export const retryOrder = orderAnswer({ paymentId: 'p2', orderId: 'order_2' });

export const payment = (over: Partial<PaymentAnswer>): PaymentAnswer => ({
  id: 'p1',
  status: 'failed',
  refNo: 'CS20261121AAAA0001',
  txnId: null,
  amountPaise: bill.grandTotal,
  createdAt: '2026-11-21T06:00:00.000Z',
  phone: '9876543210',
  contestId: 'c1',
  orderId: 'order_1',
  promoCode: null,
  failureReason: 'Your payment was declined by your bank.',
  failureCode: 'declined',
  retry: { amountPaise: bill.grandTotal, expiresAt: '2026-11-21T06:15:00.000Z' },
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
export const failedHeld = { status: 'failed', payment: payment({}) } as const;
export const cancelledGone = {
  status: 'cancelled',
  payment: payment({ status: 'cancelled', failureCode: 'cancelled', retry: null }),
} as const;
export const succeeded = {
  status: 'success',
  payment: payment({ status: 'success', failureCode: null, failureReason: null, retry: null, tickets: [] }),
} as const;
