import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/api/http.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { RAZORPAY_CHECKOUT_URL, type RazorpayFailure, type RazorpayOptions } from '../../src/api/razorpay.ts';
import { ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { cart, order, paymentAnswer } from './checkout-fixtures.ts';
import { renderAt } from './payments-render.tsx';

// /popupCheckout with Razorpay Checkout.js in the page: loaded once, the order opened in it, the
// payment verified by the server, a dismissed or failed Checkout recorded and its outcome shown
// on the same screen with "Try again" (issue 25).

const original = http.defaults.adapter;
const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  http.defaults.adapter = original;
  vi.unstubAllGlobals();
});

describe('/popupCheckout with Razorpay Checkout.js', () => {
  const razorpayOrder = () => ok(order({ gateway: 'razorpay', checkoutUrl: null, keyId: 'rzp_test_key' }));
  let opened: RazorpayOptions[] = [];
  let failedListeners: Array<(response: RazorpayFailure) => void> = [];

  class FakeRazorpay {
    constructor(options: RazorpayOptions) {
      opened.push(options);
    }
    on(event: string, listener: (response: RazorpayFailure) => void) {
      if (event === 'payment.failed') failedListeners.push(listener);
    }
    open() {}
  }

  const script = () => document.head.querySelectorAll(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);
  beforeEach(() => {
    opened = [];
    failedListeners = [];
    // Logged in, so the payment status screen asks for the payment it was sent to.
    localStorage.setItem(STORAGE_KEYS.loginMarker, '1');
  });
  afterEach(() => {
    delete window.Razorpay;
    for (const element of script()) element.remove();
  });

  async function pay(extra: Record<string, (body: unknown) => StubAnswer> = {}) {
    const calls = stubApi({
      'GET /cart': () => ok(cart),
      'POST /payments/orders': () => razorpayOrder(),
      'POST /payments/return': () => ok({ verified: true, paymentId: 'p1', status: 'success' }),
      'GET /payments/p1': () => ok(paymentAnswer({ status: 'cancelled', failureCode: 'cancelled' })),
      ...extra,
    });
    await renderAt('/popupCheckout?contest=c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    return calls;
  }

  // Checkout.js is loaded once per page; these first two run while it is not loaded yet.
  it('ends in the gateway failure when the script cannot load, and says so', async () => {
    const calls = await pay();
    await waitFor(() => expect(script()).toHaveLength(1));
    script()[0]?.dispatchEvent(new Event('error'));
    expect(await screen.findByText('The payment page could not be opened. Please try again.')).toBeInTheDocument();
    expect(opened).toHaveLength(0);
    expect(calls.some((c) => c.url === '/payments/return')).toBe(false);
  });

  it('adds the script once, opens Checkout with the order, and has the server verify a payment', async () => {
    const calls = await pay();
    await waitFor(() => expect(script()).toHaveLength(1));
    window.Razorpay = FakeRazorpay;
    script()[0]?.dispatchEvent(new Event('load'));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(script()).toHaveLength(1);
    const [options] = opened;
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_1',
      amount: 10980,
      currency: 'INR',
      name: 'CricSpot',
    });
    expect(assign).not.toHaveBeenCalled();
    options?.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'sig_1' });
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/payments/p1')).toBe(true));
    expect(calls.find((c) => c.url === '/payments/return')?.body).toEqual({
      razorpay_order_id: 'order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig_1',
    });
  });

  it('records a dismissed Checkout as cancelled', async () => {
    window.Razorpay = FakeRazorpay;
    const calls = await pay({
      'POST /payments/return': () => ok({ verified: false, paymentId: 'p1', status: 'cancelled' }),
    });
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(script()).toHaveLength(0);
    opened[0]?.modal.ondismiss();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/payments/p1')).toBe(true));
    expect(calls.filter((c) => c.url === '/payments/return').map((c) => c.body)).toEqual([
      { orderId: 'order_1', 'error[reason]': 'payment_cancelled' },
    ]);
    // On the same screen: what happened, and the way to try again.
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByText('You cancelled the payment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again ₹109.80' })).toBeEnabled();
  });

  it("records 'payment.failed' as failed, once, when Checkout is closed after it", async () => {
    window.Razorpay = FakeRazorpay;
    const calls = await pay({
      'POST /payments/return': () => ok({ verified: false, paymentId: 'p1', status: 'failed' }),
    });
    await waitFor(() => expect(failedListeners).toHaveLength(1));
    failedListeners[0]?.({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Card declined', reason: 'payment_failed' },
    });
    opened[0]?.modal.ondismiss();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/payments/p1')).toBe(true));
    expect(calls.filter((c) => c.url === '/payments/return').map((c) => c.body)).toEqual([
      {
        orderId: 'order_1',
        'error[reason]': 'payment_failed',
        'error[code]': 'BAD_REQUEST_ERROR',
        checkoutClosed: '1',
        'error[description]': 'Card declined',
      },
    ]);
  });
});
