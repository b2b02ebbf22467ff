import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartAnswer } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { fail, ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { renderAt } from './payments-render.tsx';

// The first purchase's question (issue 26): the player's state for the tax invoice, asked when
// the server refuses the order with SUPPLY_STATE_REQUIRED, then the order made again.

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
const cart: CartAnswer = {
  items: [{ id: 'i1', contestId: 'c1', x: 10, y: 20, pricePaise: 4900 }],
  groups: [
    {
      contestId: 'c1',
      slot: 'A',
      state: 'open',
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      ticketPricePaise: 4900,
      ticketCount: 2,
      bill,
      promoCode: null,
    },
  ],
  held: [],
};
const order = {
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
};
const stateRequired = () => fail(409, 'Choose your state before paying.', 'SUPPLY_STATE_REQUIRED');

async function open(routes: Record<string, (body: unknown) => StubAnswer>, lng = 'en') {
  const calls = stubApi({ 'GET /cart': () => ok(cart), ...routes });
  await renderAt('/popupCheckout?contest=c1', lng);
  return calls;
}

describe('/popupCheckout: the state for the tax invoice', () => {
  it("asks the player's state at the first purchase, the location check's picked, then pays", async () => {
    let stateCode: string | null = null;
    const calls = await open({
      'POST /payments/orders': () => (stateCode ? ok(order) : stateRequired()),
      'GET /account/supply-state': () => ok({ stateCode, suggested: '27', sellerState: '29' }),
      'PUT /account/supply-state': (body) => {
        stateCode = (body as { stateCode: string }).stateCode;
        return ok({ stateCode, suggested: '27', sellerState: '29' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('heading', { name: 'Your state, for the tax invoice' })).toBeInTheDocument();
    const select = screen.getByLabelText('State or union territory');
    expect(select).toHaveDisplayValue('Maharashtra');
    expect(screen.getByText('Your location check found Maharashtra.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay ₹109.80' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.change(select, { target: { value: '07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/checkout/order_1'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ stateCode: '07' });
    expect(calls.filter((c) => c.url === '/payments/orders')).toHaveLength(2);
  });

  it('goes back to the bill when the player leaves the state question', async () => {
    await open({
      'POST /payments/orders': stateRequired,
      'GET /account/supply-state': () => ok({ stateCode: null, suggested: null, sellerState: '29' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹109.80' }));
    expect(await screen.findByRole('button', { name: 'Continue to pay' })).toBeDisabled();
    expect(screen.getByLabelText('State or union territory')).toHaveDisplayValue('Choose your state');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the bill' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹109.80' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the state in Hindi on the Hindi page', async () => {
    await open(
      {
        'POST /payments/orders': stateRequired,
        'GET /account/supply-state': () => ok({ stateCode: null, suggested: '29', sellerState: '29' }),
      },
      'hi',
    );
    fireEvent.click(await screen.findByRole('button', { name: /₹109.80/ }));
    expect(await screen.findByRole('heading', { name: 'कर बीजक के लिए आपका राज्य' })).toBeInTheDocument();
    expect(screen.getByLabelText('राज्य या केंद्र शासित प्रदेश')).toHaveDisplayValue('कर्नाटक');
  });
});
