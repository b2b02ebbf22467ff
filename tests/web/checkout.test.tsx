import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartAnswer } from '../../domain/contests.ts';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { fail, ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { renderAt } from './payments-render.tsx';
import { bill, cart, group, order, paymentAnswer, promoBill } from './checkout-fixtures.ts';

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
    'GET /payments/p1': () => ok(paymentAnswer()),
    'POST /payments/p1/retry': () =>
      ok(
        order({
          paymentId: 'p2',
          orderId: 'order_2',
          checkoutUrl: '/sandbox-gateway/checkout/order_2?returnTo=checkout',
        }),
      ),
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
    expect(await screen.findByText('Choose the tickets to enter in your cart.')).toBeInTheDocument();
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
    fireEvent.change(promoInput(), { target: { value: ' welcome10 ' } });
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

  it('creates the order and sends the browser to the sandbox checkout page, to come back here', async () => {
    const calls = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/checkout/order_1'));
    expect(calls.find((c) => c.url === '/payments/orders')?.body).toEqual({ contestId: 'c1', returnTo: 'checkout' });
    expect(screen.getByText(/Sandbox gateway: a test payment page/)).toBeInTheDocument();
    expect(screen.getByText(/Taking you to the payment page/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay ₹109.80' })).toBeNull();
  });

  it('back from the gateway after a failure: says why, and "Try again" pays for the same tickets', async () => {
    const calls = await open({}, '/popupCheckout?contest=c1&payment=p1');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('Your bank declined the payment.')).toBeInTheDocument();
    expect(screen.getByText(/No money was taken\. Your tickets are held for you until 12:15\./)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/cart')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Try again ₹109.80' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/checkout/order_2?returnTo=checkout'));
    expect(calls.find((c) => c.url === '/payments/p1/retry')?.body).toEqual({ returnTo: 'checkout' });
  });

  it('a refused "Try again" says why in the site\'s words and withdraws the offer', async () => {
    await open({}, '/popupCheckout?contest=c1&payment=p1');
    stubApi({
      'GET /payments/p1': () => ok(paymentAnswer()),
      'POST /payments/p1/retry': () =>
        fail(409, 'These tickets are no longer held for you. Mark them again to enter.', 'PAYMENT_NOT_RETRYABLE'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again ₹109.80' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These tickets are no longer held for you.');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
  });

  it('back from the gateway after a success: "You\'re in" with the tickets, the times, My entries and Share', async () => {
    stubApi({
      'GET /payments/p1': () =>
        ok(
          paymentAnswer({
            status: 'success',
            failureCode: null,
            failureReason: null,
            retry: null,
            tickets: [{ x: 10, y: 20 }],
          }),
        ),
      'GET /contests/current': () => ok({ current: null, next: null, paidPlay: { enabled: true } }),
    });
    await renderAt('/popupCheckout?contest=c1&payment=p1');
    expect(await screen.findByRole('heading', { name: "You're in!" })).toBeInTheDocument();
    expect(screen.getByText('1 ticket in Contest A')).toBeInTheDocument();
    expect(screen.getByText('Ticket 1: X 10, Y 20')).toBeInTheDocument();
    expect(screen.getByText(/^Entries close: Wednesday, 25 November at 23:59 IST$/)).toBeInTheDocument();
    expect(screen.getByText(/^Winner revealed live: Thursday, 26 November at 21:00 IST$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My entries' })).toHaveAttribute('href', '/my_entries');
    // No Web Share here: the link is copied, and that is said.
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/`);
  });

  it('a promo covering the whole entry: nothing to pay, one button confirms', async () => {
    const zero = {
      ...bill,
      promoApplied: 9800,
      subtotal: 0,
      baseAmount: 0,
      gstOnEntry: 0,
      platformFee: 0,
      gstOnPlatformFee: 0,
      totalPlatformFee: 0,
      grandTotal: 0,
    };
    const applied: CartAnswer = { ...cart, groups: [{ ...group, bill: zero, promoCode: 'ALLFREE' }] };
    const calls = await open({
      carts: [ok(applied)],
      orders: ok(order({ paymentId: 'p1', orderId: 'nil_p1', amountPaise: 0, checkoutUrl: null, status: 'success' })),
    });
    expect(await screen.findByText('Your promo code covers the whole entry: nothing to pay.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm entry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/payments/p1')).toBe(true));
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'Payment order ID is missing. Please try again.' when the order has no id", async () => {
    await open({ orders: ok(order({ orderId: '' })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payment order ID is missing\. Please try again\.$/);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay ₹109.80' })).toBeEnabled();
  });

  it('paid play suspended while the bill was open: the suspension, no amount or Pay left, and the cart to enter free', async () => {
    await open({ orders: fail(403, PAID_PLAY_SUSPENDED_MESSAGE, 'PAID_PLAY_SUSPENDED') });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAID_PLAY_SUSPENDED_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Entry is free now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/₹109\.80/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
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
