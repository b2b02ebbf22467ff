import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartAnswer } from '../../domain/contests.ts';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { STORAGE_KEYS } from '../../src/app/storage-keys.ts';
import {
  RAZORPAY_CHECKOUT_URL,
  type RazorpayFailure,
  type RazorpayOptions,
} from '../../src/screens/checkout/razorpay.ts';
import { fail, ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { renderAt } from './payments-render.tsx';

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

const bill = {
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
const promoBill = { ...bill, promoApplied: 980, subtotal: 8820, baseAmount: 7475, gstOnEntry: 1345, grandTotal: 10000 };

const group: CartAnswer['groups'][number] = {
  contestId: 'c1',
  slot: 'A',
  state: 'open',
  closesAt: new Date(Date.now() + 3_600_000).toISOString(),
  ticketPricePaise: 4900,
  ticketCount: 2,
  bill,
  promoCode: null,
};
const cart: CartAnswer = {
  items: [
    { id: 'i1', contestId: 'c1', x: 10, y: 20, pricePaise: 4900 },
    { id: 'i2', contestId: 'c1', x: 30, y: 40, pricePaise: 4900 },
  ],
  groups: [group],
};

const order = (over: Record<string, unknown> = {}) => ({
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
  ...over,
});

interface Stubs {
  promo?: (body: unknown) => StubAnswer;
  remove?: StubAnswer;
  orders?: StubAnswer;
  carts?: StubAnswer[];
}
async function open({ promo, remove, orders, carts }: Stubs = {}, path = '/popupCheckout?contest=c1') {
  const calls = stubApi({
    'GET /cart': () => carts?.shift() ?? ok(cart),
    'POST /cart/promo': (body) => promo?.(body) ?? ok({ contestId: 'c1', promoCode: 'WELCOME10', bill: promoBill }),
    'DELETE /cart/promo': () => remove ?? ok({ contestId: 'c1', promoCode: null, bill }),
    'POST /payments/orders': () => orders ?? ok(order()),
  });
  await renderAt(path);
  return calls;
}

const values = () => screen.getAllByRole('definition').map((el) => el.textContent);
const promoInput = () => screen.getByLabelText('Promo code');
const applyButton = () => screen.getByRole('button', { name: 'Apply' });

describe('/popupCheckout', () => {
  it('shows the bill lines of the spec in order and a Pay button with the grand total', async () => {
    await open();
    expect(await screen.findByRole('button', { name: 'Pay ₹109.80' })).toBeEnabled();
    // No promo yet: the 'Promo Applied' line waits for one.
    expect(screen.getAllByRole('term').map((el) => el.textContent)).toEqual([
      'Items Total',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    expect(values()).toEqual(['₹98', '₹98', '₹83.05 + ₹14.95', '₹10', '₹1.80', '₹11.80', '₹109.80']);
  });

  it('asks for a contest when none is given', async () => {
    await open({}, '/popupCheckout');
    expect(await screen.findByText('Choose the tickets to pay for in your cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
  });

  it('says when the bill cannot be loaded and retries', async () => {
    await open({ carts: [fail(500, 'down'), ok(cart)] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bill could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹109.80' })).toBeInTheDocument();
  });

  it("says 'Please enter a promo code' for an empty code", async () => {
    const calls = await open();
    await screen.findByRole('button', { name: 'Pay ₹109.80' });
    fireEvent.click(applyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a promo code');
    expect(calls.some((c) => c.url === '/cart/promo')).toBe(false);
  });

  it('applies a promo once: the bill changes, the field and button lock, and Remove puts it back', async () => {
    const calls = await open();
    await screen.findByRole('button', { name: 'Pay ₹109.80' });
    fireEvent.change(promoInput(), { target: { value: ' WELCOME10 ' } });
    fireEvent.click(applyButton());
    expect(await screen.findByText(/Promo code WELCOME10 applied/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/cart/promo')?.body).toEqual({
      contestId: 'c1',
      code: 'WELCOME10',
    });
    expect(screen.getAllByRole('term').map((el) => el.textContent)).toEqual([
      'Items Total',
      'Promo Applied',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    expect(values()).toEqual(['₹98', '-₹9.80', '₹88.20', '₹74.75 + ₹13.45', '₹10', '₹1.80', '₹11.80', '₹100']);
    expect(screen.getByRole('button', { name: 'Pay ₹100' })).toBeEnabled();
    expect(promoInput()).toBeDisabled();
    expect(applyButton()).toBeDisabled();
    // A second submit cannot apply another code.
    fireEvent.submit(promoInput().closest('form') as HTMLFormElement);
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/cart/promo')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹109.80' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE' && c.url === '/cart/promo')?.body).toEqual({ contestId: 'c1' });
    expect(promoInput()).toBeEnabled();
    expect(
      screen.queryByRole('term', { name: 'Promo Applied' }) ?? screen.queryByText('Promo Applied'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('starts with the promo the server already applied: locked, with Remove, and no second apply', async () => {
    const applied: CartAnswer = { ...cart, groups: [{ ...group, bill: promoBill, promoCode: 'WELCOME10' }] };
    const calls = await open({ carts: [ok(applied)] });
    expect(await screen.findByRole('button', { name: 'Pay ₹100' })).toBeEnabled();
    expect(screen.getByText(/Promo code WELCOME10 applied/)).toBeInTheDocument();
    expect(promoInput()).toHaveValue('WELCOME10');
    expect(promoInput()).toBeDisabled();
    expect(applyButton()).toBeDisabled();
    fireEvent.submit(promoInput().closest('form') as HTMLFormElement);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/cart/promo')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹109.80' })).toBeInTheDocument();
    expect(promoInput()).toBeEnabled();
  });

  it("says 'Invalid Promo Code' for INVALID_PROMO", async () => {
    await open({ promo: () => fail(400, 'Invalid Promo Code', 'INVALID_PROMO') });
    await screen.findByRole('button', { name: 'Pay ₹109.80' });
    fireEvent.change(promoInput(), { target: { value: 'NOPE' } });
    fireEvent.click(applyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid Promo Code$/);
    expect(promoInput()).toBeEnabled();
  });

  it("says 'Failed to Apply Promo Code' for any other failure", async () => {
    await open({ promo: () => fail(500, 'boom', 'PROMO_FAILED') });
    await screen.findByRole('button', { name: 'Pay ₹109.80' });
    fireEvent.change(promoInput(), { target: { value: 'WELCOME10' } });
    fireEvent.click(applyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to Apply Promo Code$/);
  });

  it('says when the promo cannot be removed', async () => {
    await open({ remove: fail(500, 'down') });
    await screen.findByRole('button', { name: 'Pay ₹109.80' });
    fireEvent.change(promoInput(), { target: { value: 'WELCOME10' } });
    fireEvent.click(applyButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The promo code could not be removed. Try again.');
  });

  it('creates the order and sends the browser to the sandbox checkout page', async () => {
    const calls = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/checkout/order_1'));
    expect(calls.find((c) => c.url === '/payments/orders')?.body).toEqual({ contestId: 'c1' });
    expect(screen.getByText(/Sandbox gateway: a test payment page/)).toBeInTheDocument();
    expect(screen.getByText(/Taking you to the payment page/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ₹109.80' })).toBeDisabled();
  });

  it("says 'Payment order ID is missing. Please try again.' when the order has no id", async () => {
    await open({ orders: ok(order({ orderId: '' })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payment order ID is missing\. Please try again\.$/);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay ₹109.80' })).toBeEnabled();
  });

  it('shows the suspension message when paid play is suspended', async () => {
    await open({ orders: fail(403, PAID_PLAY_SUSPENDED_MESSAGE, 'PAID_PLAY_SUSPENDED') });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAID_PLAY_SUSPENDED_MESSAGE);
  });

  it("shows the server's message when the order is refused", async () => {
    await open({ orders: fail(503, 'The payment gateway is not answering. Please try again.', 'GATEWAY_UNAVAILABLE') });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment gateway is not answering. Please try again.',
    );
  });

  it('speaks Hindi', async () => {
    stubApi({ 'GET /cart': () => ok(cart) });
    await renderAt('/popupCheckout?contest=c1', 'hi');
    expect(await screen.findByRole('heading', { name: 'चेकआउट' })).toBeInTheDocument();
  });
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
      ...extra,
    });
    await renderAt('/popupCheckout?contest=c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    return calls;
  }

  // Checkout.js is loaded once per page; these first two run while it is not loaded yet.
  it('ends in the gateway failure when the script cannot load, and goes to the payment status', async () => {
    const calls = await pay();
    await waitFor(() => expect(script()).toHaveLength(1));
    script()[0]?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/payments/p1')).toBe(true));
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
  });

  it("records 'payment.failed' as failed, once", async () => {
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
        'error[description]': 'Card declined',
      },
    ]);
  });
});
