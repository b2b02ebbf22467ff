import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartAnswer, ContestView } from '../../domain/contests.ts';
import { entryBill } from '../../domain/money.ts';
import { cartCount } from '../../src/api/cart-count.ts';
import { http } from '../../src/api/http.ts';
import PlayScreenPage from '../../src/screens/play/PlayScreenPage.tsx';
import { fail, ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { createTestI18n } from '../support/i18n.ts';
import { contestView, currentAnswer } from './contest-fixtures.ts';

// Issue 25 on the play screen: "Enter for ₹X" opens the entry sheet (the spec's /popupCheckout over
// the board) with the total, the folded bill, the promo code and Pay; "Enter free" enters in one
// tap (issue 26); back from the gateway (?payment=) the outcome shows there, "Try again" included.

interface FakeStageProps {
  onPlace(point: { x: number; y: number }): void;
}
const stage = vi.hoisted(() => ({ next: { x: 0, y: 0 } }));
vi.mock('../../src/stage/PictureStage.tsx', () => ({
  PictureStage: (props: FakeStageProps) => (
    <div data-testid="stage">
      <button type="button" onClick={() => props.onPlace(stage.next)}>
        fake-place
      </button>
    </div>
  ),
}));

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

const fees = { platformFeePaisePerTicket: 200, entryGstBasisPoints: 4000, feeGstBasisPoints: 1800 };
const billOf = (n: number) => entryBill(fees, 4900, n);
const group = (n: number, over: Partial<CartAnswer['groups'][number]> = {}): CartAnswer['groups'][number] => ({
  contestId: 'c1',
  slot: 'A',
  state: 'open',
  closesAt: new Date(Date.now() + 86_400_000).toISOString(),
  ticketPricePaise: 4900,
  ticketCount: n,
  bill: billOf(n),
  promoCode: null,
  ...over,
});

function place(x: number, y: number) {
  stage.next = { x, y };
  fireEvent.click(screen.getByRole('button', { name: 'fake-place' }));
}
const button = (name: string | RegExp) => screen.getByRole('button', { name });

interface Routes {
  contest?: ContestView;
  carts?: StubAnswer[];
  extra?: Record<string, (body: unknown) => StubAnswer>;
  path?: string;
  lng?: string;
}
async function open({ contest = contestView(), carts = [], extra = {}, path = '/play_screen', lng = 'en' }: Routes) {
  const calls = stubApi({
    'GET /contests/current': () => ok(currentAnswer(contest)),
    'GET /cart': () => carts.shift() ?? ok({ items: [], groups: [], held: [] }),
    'POST /cart/items': () => ok({ items: [], groups: [], held: [] }),
    ...extra,
  });
  // At a full address: the way back from a hosted gateway page carries ?payment=.
  const i18n = await createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/play_screen" element={<PlayScreenPage />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  await screen.findByTestId('stage', {}, { timeout: 5000 });
  return calls;
}

const sheet = () => screen.findByRole('dialog', { name: 'Your entry' }, { timeout: 5000 });

describe('/play_screen: the entry sheet', () => {
  it('from the last mark to the gateway in two taps: Enter for ₹X, then Pay, with the promo code on the way', async () => {
    const afterAdd = ok({ items: [], groups: [group(2)], held: [] });
    const calls = await open({
      carts: [ok({ items: [], groups: [], held: [] }), afterAdd, afterAdd],
      extra: {
        'POST /cart/promo': (body) =>
          (body as { code: string }).code === 'NOPE'
            ? fail(400, 'Invalid Promo Code', 'INVALID_PROMO')
            : ok({
                contestId: 'c1',
                promoCode: 'WELCOME10',
                bill: entryBill(fees, 4900, 2, { kind: 'percent', basisPoints: 1000 }),
              }),
        'POST /payments/orders': () =>
          ok({
            paymentId: 'p1',
            orderId: 'order_1',
            amountPaise: 9292,
            currency: 'INR',
            gateway: 'sandbox',
            checkoutUrl: '/sandbox-gateway/checkout/order_1?returnTo=play',
            keyId: null,
            refNo: 'REF1',
            expiresAt: new Date(Date.now() + 900_000).toISOString(),
            bill: billOf(2),
            status: 'pending',
          }),
      },
    });
    place(10, 20);
    fireEvent.click(button('Add ticket'));
    place(30, 40);
    fireEvent.click(button('Enter for ₹102.72'));
    const dialog = await sheet();
    expect(within(dialog).getByTestId('entry-total')).toHaveTextContent('₹102.72');
    expect(within(dialog).getByText('2 tickets')).toBeInTheDocument();
    // The bill's lines, in the spec's order, folded under the total.
    const details = within(dialog).getByText('Bill details').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(
      within(details)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual([
      'Items Total',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    // The spec's promo messages: must be entered, invalid, then applied once.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a promo code');
    fireEvent.change(within(dialog).getByLabelText('Promo code'), { target: { value: 'NOPE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Invalid Promo Code$/);
    fireEvent.change(within(dialog).getByLabelText('Promo code'), { target: { value: 'WELCOME10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(/Promo code WELCOME10 applied/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Pay later from your cart' })).toHaveAttribute('href', '/cart');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹92.92' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/checkout/order_1?returnTo=play'));
    expect(calls.find((c) => c.url === '/payments/orders')?.body).toEqual({ contestId: 'c1', returnTo: 'play' });
  });

  it('closing the sheet goes back to marking, the tickets now locked in the cart', async () => {
    const inCart = {
      items: [{ id: 'i1', contestId: 'c1', x: 10, y: 20, pricePaise: 4900 }],
      groups: [group(1)],
      held: [],
    };
    const calls = await open({ carts: [ok({ items: [], groups: [], held: [] }), ok(inCart), ok(inCart)] });
    place(10, 20);
    fireEvent.click(button('Enter for ₹51.36'));
    const dialog = await sheet();
    expect(await within(dialog).findByRole('button', { name: 'Pay ₹51.36' })).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/1 ticket in your cart/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/contests/current').length).toBeGreaterThanOrEqual(2);
    expect(button('Ticket 1: not marked')).toBeInTheDocument();
  });

  it('back from the gateway after a failure: the reason and "Try again ₹X" over the play screen', async () => {
    const failed = {
      id: 'p1',
      status: 'failed',
      refNo: 'REF1',
      txnId: null,
      amountPaise: 10272,
      createdAt: new Date().toISOString(),
      phone: '9876543210',
      contestId: 'c1',
      orderId: 'order_1',
      promoCode: null,
      failureReason: 'Your payment could not be completed due to insufficient account balance.',
      failureCode: 'insufficientFunds',
      retry: { amountPaise: 10272, expiresAt: '2026-11-21T06:45:00.000Z' },
      refunded: false,
      refund: null,
      refundPending: false,
      refundCode: null,
      invoice: null,
      creditNote: null,
      contest: { slot: 'A', closesAt: '2026-11-25T18:29:59.999Z', showAt: '2026-11-26T15:30:00.000Z' },
      ticketCount: 2,
    };
    const calls = await open({
      path: '/play_screen?payment=p1',
      contest: contestView({
        myTickets: 2,
        myPoints: [
          { x: 10, y: 20 },
          { x: 30, y: 40 },
        ],
      }),
      extra: {
        'GET /payments/p1': () => ok(failed),
        'POST /payments/p1/retry': () =>
          ok({
            paymentId: 'p2',
            orderId: 'order_2',
            amountPaise: 10272,
            currency: 'INR',
            gateway: 'sandbox',
            checkoutUrl: '/sandbox-gateway/checkout/order_2?returnTo=play',
            keyId: null,
            refNo: 'REF2',
            expiresAt: new Date(Date.now() + 900_000).toISOString(),
            bill: billOf(2),
            status: 'pending',
          }),
      },
    });
    const dialog = await sheet();
    expect(await within(dialog).findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(within(dialog).getByText('Your account did not have enough balance.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('No money was taken. Your tickets are held for you until 12:15.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again ₹102.72' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/checkout/order_2?returnTo=play'));
    expect(calls.find((c) => c.url === '/payments/p1/retry')?.body).toEqual({ returnTo: 'play' });
  });

  it('back from the gateway after a success: "You\'re in" in Hindi too', async () => {
    const paid = {
      id: 'p1',
      status: 'success',
      refNo: 'REF1',
      txnId: 'pay_1',
      amountPaise: 5136,
      createdAt: new Date().toISOString(),
      phone: '9876543210',
      contestId: 'c1',
      orderId: 'order_1',
      promoCode: null,
      failureReason: null,
      failureCode: null,
      retry: null,
      refunded: false,
      refund: null,
      refundPending: false,
      refundCode: null,
      invoice: null,
      creditNote: null,
      contest: { slot: 'A', closesAt: '2026-11-25T18:29:59.999Z', showAt: '2026-11-26T15:30:00.000Z' },
      ticketCount: 1,
      tickets: [{ x: 10, y: 20 }],
    };
    await open({ path: '/play_screen?payment=p1', lng: 'hi', extra: { 'GET /payments/p1': () => ok(paid) } });
    const dialog = await screen.findByRole('dialog', { name: 'आपकी प्रविष्टि' }, { timeout: 5000 });
    expect(await within(dialog).findByRole('heading', { name: 'आप शामिल हैं!' })).toBeInTheDocument();
    expect(within(dialog).getByText('प्रतियोगिता A में 1 टिकट')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: /^टिकट 1/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'मेरी प्रविष्टियाँ' })).toHaveAttribute('href', '/my_entries');
  });
});

describe('/play_screen: free entry (issue 26)', () => {
  it('one tap enters the marked tickets free: no cart, no payment, "You\'re in" with the crops; Share uses the phone\'s sheet', async () => {
    const free = contestView({ ticketPricePaise: 0, allInPricePaise: 0 });
    const calls = await open({
      contest: free,
      extra: {
        'POST /cart/checkout-free': () =>
          ok({
            reservationId: 'r1',
            tickets: [
              { id: 'k1', x: 10, y: 20 },
              { id: 'k2', x: 30, y: 40 },
            ],
          }),
      },
    });
    place(10, 20);
    fireEvent.click(button('Add ticket'));
    place(30, 40);
    expect(screen.queryByText(/₹\d/, { selector: '.play-summary *' })).toBeNull();
    fireEvent.click(button('Enter free'));
    const dialog = await sheet();
    expect(await within(dialog).findByRole('heading', { name: "You're in!" })).toBeInTheDocument();
    expect(within(dialog).getByText('2 tickets in Contest A')).toBeInTheDocument();
    expect(within(dialog).getByText('Free entry: no payment was taken.')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('ticket-crop')).toHaveLength(2);
    expect(calls.find((c) => c.url === '/cart/checkout-free')?.body).toEqual({
      contestId: 'c1',
      tickets: [
        { x: 10, y: 20 },
        { x: 30, y: 40 },
      ],
    });
    expect(calls.some((c) => c.url === '/cart/items' || c.url.startsWith('/payments'))).toBe(false);
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'CricSpot',
        text: "I'm in this week's CricSpot contest. Can you spot the ball?",
        url: `${window.location.origin}/`,
      }),
    );
  });

  it("entering free takes the contest's tickets held in the cart along, and the header's count follows", async () => {
    const held = { items: [{ id: 'i1', contestId: 'c1', x: 5, y: 6, pricePaise: 0 }], groups: [group(1)], held: [] };
    const calls = await open({
      contest: contestView({ ticketPricePaise: 0, allInPricePaise: 0 }),
      carts: [ok(held)],
      extra: {
        'POST /cart/checkout-free': () =>
          ok({
            reservationId: 'r1',
            tickets: [
              { id: 'k0', x: 5, y: 6 },
              { id: 'k1', x: 10, y: 20 },
            ],
          }),
      },
    });
    await waitFor(() => expect(cartCount.get()).toBe(1));
    place(10, 20);
    fireEvent.click(button('Enter free'));
    expect(await within(await sheet()).findByText('2 tickets in Contest A')).toBeInTheDocument();
    await waitFor(() => expect(cartCount.get()).toBe(0));
    expect(calls.filter((c) => c.url === '/cart').length).toBeGreaterThanOrEqual(2);
    cartCount.set(null);
  });

  it('a refused free entry says why and keeps the marks', async () => {
    await open({
      contest: contestView({ ticketPricePaise: 0, allInPricePaise: 0 }),
      extra: { 'POST /cart/checkout-free': () => fail(400, 'Max Ticket Limit Reached', 'MAX_TICKET_LIMIT_REACHED') },
    });
    place(10, 20);
    fireEvent.click(button('Enter free'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Max Ticket Limit Reached');
    fireEvent.click(button('Back to marking'));
    expect(button('Ticket 1, marked 10 pixels from the left and 20 from the top')).toBeInTheDocument();
  });
});
