import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CartAnswer, PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import CartPage from '../../src/screens/cart/CartPage.tsx';
import { fail, ok, renderScreen, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { contestPicture, contestView, currentAnswer } from './contest-fixtures.ts';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

const bill = {
  itemsTotal: 9800,
  promoApplied: 980,
  subtotal: 8820,
  baseAmount: 7475,
  gstOnEntry: 1345,
  platformFee: 1000,
  gstOnPlatformFee: 180,
  totalPlatformFee: 1180,
  grandTotal: 10000,
};
const zeroBill = Object.fromEntries(Object.keys(bill).map((k) => [k, 0])) as typeof bill;

function cart(price: number, points: Array<[number, number]>, state: 'open' | 'closed' = 'open'): CartAnswer {
  return {
    items: points.map(([x, y], i) => ({ id: `i${i + 1}`, contestId: 'c1', x, y, pricePaise: price })),
    groups:
      points.length === 0
        ? []
        : [
            {
              contestId: 'c1',
              slot: 'A',
              state,
              closesAt: new Date(Date.now() + 3_600_000).toISOString(),
              ticketPricePaise: price,
              ticketCount: points.length,
              bill: price === 0 ? zeroBill : bill,
              promoCode: null,
            },
          ],
    held: [],
  };
}

interface Routes {
  carts: StubAnswer[];
  paidPlay?: { enabled: boolean; message?: string; reason?: 'noGateway' };
  remove?: StubAnswer;
  free?: StubAnswer;
}
async function open({ carts, paidPlay = { enabled: true }, remove, free }: Routes, lng = 'en') {
  const calls = stubApi({
    'GET /cart': () => carts.shift() ?? ok(cart(4900, [])),
    'GET /contests/current': () => ok(currentAnswer(contestView(), paidPlay)),
    'DELETE /cart/items/i1': () => remove ?? ok(cart(4900, [[30, 40]])),
    'POST /cart/checkout-free': () => free ?? fail(500, 'down'),
  });
  await renderScreen(<CartPage />, { path: '/cart', lng });
  return calls;
}

describe('/cart', () => {
  it('lists the tickets with coordinates and price and the bill lines of the spec in order', async () => {
    await open({
      carts: [
        ok(
          cart(4900, [
            [10, 20],
            [30, 40],
          ]),
        ),
      ],
    });
    const group = await screen.findByRole('region', { name: 'Contest A' });
    expect(within(group).getByText('2 tickets')).toBeInTheDocument();
    expect(within(group).getByText('X 10, Y 20')).toBeInTheDocument();
    expect(within(group).getAllByText('₹49')).toHaveLength(2);
    const terms = within(group)
      .getAllByRole('term')
      .map((el) => el.textContent);
    expect(terms).toEqual([
      'Items Total',
      'Promo Applied',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    const values = within(group)
      .getAllByRole('definition')
      .map((el) => el.textContent);
    expect(values).toEqual(['₹98', '-₹9.80', '₹88.20', '₹74.75 + ₹13.45', '₹10', '₹1.80', '₹11.80', '₹100']);
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/popupCheckout?contest=c1',
    );
  });

  it("leaves out 'Promo Applied' until a promo takes something off, the other lines in the spec's order", async () => {
    const noPromo = { ...bill, promoApplied: 0, subtotal: 9800, baseAmount: 7000, gstOnEntry: 2800, grandTotal: 10980 };
    await open({
      carts: [
        ok({
          ...cart(4900, [
            [10, 20],
            [30, 40],
          ]),
          groups: [
            {
              ...cart(4900, [
                [10, 20],
                [30, 40],
              ]).groups[0]!,
              bill: noPromo,
            },
          ],
        }),
      ],
    });
    const group = await screen.findByRole('region', { name: 'Contest A' });
    const terms = within(group)
      .getAllByRole('term')
      .map((el) => el.textContent);
    expect(terms).toEqual([
      'Items Total',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    expect(
      within(group)
        .getAllByRole('definition')
        .map((el) => el.textContent),
    ).toEqual(['₹98', '₹98', '₹70 + ₹28', '₹10', '₹1.80', '₹11.80', '₹109.80']);
  });

  it("numbers the tickets in the server's order, the order they were marked on the play screen", async () => {
    await open({
      carts: [
        ok(
          cart(4900, [
            [900, 10],
            [100, 20],
            [500, 30],
          ]),
        ),
      ],
    });
    const group = await screen.findByRole('region', { name: 'Contest A' });
    const rows = within(group).getAllByRole('listitem');
    // The crop's number badge, then the words: the same number as the play screen's chip.
    expect(rows.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      '1Ticket 1X 900, Y 10₹49',
      '2Ticket 2X 100, Y 20₹49',
      '3Ticket 3X 500, Y 30₹49',
    ]);
    expect(rows.map((li) => within(li).getByRole('img').getAttribute('alt'))).toEqual([
      'Ticket 1: marked 900 pixels from the left and 10 from the top of the picture',
      'Ticket 2: marked 100 pixels from the left and 20 from the top of the picture',
      'Ticket 3: marked 500 pixels from the left and 30 from the top of the picture',
    ]);
    // Each row's remove button, named by its ticket's number (its cross is drawn: no text).
    expect(rows.map((li) => within(li).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Remove ticket 1',
      'Remove ticket 2',
      'Remove ticket 3',
    ]);
    expect(within(group).getByRole('button', { name: 'Remove ticket 3' })).toBeInTheDocument();
  });

  it("shows each ticket as a crop of the contest picture around its mark, from the variant the play screen's stage uses", async () => {
    await open({
      carts: [
        ok(
          cart(4900, [
            [800, 500],
            [5, 990],
          ]),
        ),
      ],
    });
    const group = await screen.findByRole('region', { name: 'Contest A' });
    const [middle, corner] = within(group).getAllByRole('img') as HTMLImageElement[];
    // A 1600 x 1000 picture, 200 original pixels across an 80 px square: drawn 640 x 400, the
    // mark's pixel centre (800.5, 500.5) in the middle of the square.
    expect(middle).toHaveAttribute('src', contestPicture.variants[0]!.url);
    expect(middle!.style.width).toBe('640px');
    expect(middle!.style.height).toBe('400px');
    expect(middle!.style.transform).toBe('translate(-280.2px, -160.2px)');
    // Near the bottom-left corner the picture stops at the square's edge; the crosshair moves instead.
    expect(corner!.style.transform).toBe('translate(0px, -320px)');
    const crosshair = corner!.parentElement!.querySelector<HTMLElement>('.ticket-crop__mark')!;
    expect(crosshair.style.left).toBe('2.2px');
    expect(crosshair.style.top).toBe('76.2px');
  });

  it('lists the tickets in words when the contest picture is not known any more', async () => {
    stubApi({
      'GET /cart': () => ok(cart(4900, [[10, 20]])),
      'GET /contests/current': () => ok(currentAnswer(contestView({ id: 'other' }))),
    });
    await renderScreen(<CartPage />, { path: '/cart' });
    const group = await screen.findByRole('region', { name: 'Contest A' });
    expect(within(group).queryByRole('img')).not.toBeInTheDocument();
    expect(within(group).getByText('X 10, Y 20')).toBeVisible();
  });

  it('removes a ticket', async () => {
    const calls = await open({
      carts: [
        ok(
          cart(4900, [
            [10, 20],
            [30, 40],
          ]),
        ),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ticket 1' }));
    expect(await screen.findByText('1 ticket')).toBeInTheDocument();
    expect(screen.queryByText('X 10, Y 20')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/cart/items/i1')).toBe(true);
  });

  it('shows a refused removal in words', async () => {
    await open({
      carts: [ok(cart(4900, [[10, 20]]))],
      remove: fail(404, 'This ticket is not in your cart.', 'CART_ITEM_NOT_FOUND'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ticket 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This ticket is not in your cart.');
  });

  it('confirms a free entry and lists the confirmed tickets', async () => {
    const calls = await open({
      carts: [
        ok(
          cart(0, [
            [10, 20],
            [30, 40],
          ]),
        ),
        ok(cart(0, [])),
      ],
      free: ok({
        reservationId: 'r1',
        tickets: [
          { id: 'k1', x: 10, y: 20 },
          { id: 'k2', x: 30, y: 40 },
        ],
      }),
    });
    expect(await screen.findAllByText('Free entry')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    // No bill and no amounts for free entry (issue 26): one button.
    expect(screen.queryByText('Grand Total')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enter free' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your free entry is confirmed. Your tickets:');
    expect(
      within(done)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual([
      'Ticket 1: marked 10 pixels from the left and 20 from the top of the picture',
      'Ticket 2: marked 30 pixels from the left and 40 from the top of the picture',
    ]);
    expect(calls.find((c) => c.url === '/cart/checkout-free')?.body).toEqual({ contestId: 'c1' });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('disables checkout with the announcement while paid play is suspended', async () => {
    await open({
      carts: [ok(cart(4900, [[10, 20]]))],
      paidPlay: { enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE },
    });
    const checkout = await screen.findByRole('button', { name: 'Proceed to checkout' });
    expect(checkout).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(PAID_PLAY_SUSPENDED_MESSAGE);
    expect(checkout).toHaveAccessibleDescription(PAID_PLAY_SUSPENDED_MESSAGE);
  });

  it('with no payment gateway, has no checkout button: paid entries open soon, a practice game meanwhile', async () => {
    await open({ carts: [ok(cart(4900, [[10, 20]]))], paidPlay: { enabled: false, reason: 'noGateway' } });
    const group = await screen.findByRole('region', { name: 'Contest A' });
    expect(within(group).getByRole('note')).toHaveTextContent('Paid entries open soon: checkout is not available yet.');
    expect(within(group).queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Play a free practice game' })).toHaveAttribute(
      'href',
      '/quick_game',
    );
  });

  it("says 'Game Play Closed!' for a contest that closed", async () => {
    await open({ carts: [ok(cart(4900, [[10, 20]], 'closed'))] });
    expect(await screen.findByText('Game Play Closed!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
  });

  it('shows the empty cart with a link to the play screen', async () => {
    await open({ carts: [ok(cart(4900, []))] });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mark tickets in the contest' })).toHaveAttribute('href', '/play_screen');
  });

  it('retries a failed load', async () => {
    await open({ carts: [fail(500, 'down'), ok(cart(4900, []))] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cart could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await open({ carts: [ok(cart(4900, [[10, 20]]))] }, 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'आपका कार्ट' })).toBeInTheDocument();
    expect(screen.getByText('कुल योग')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'चेकआउट करें' })).toBeInTheDocument();
  });
  it('lists tickets still held after a failed payment with "Try again ₹X" (issue 25), or, paid play off, "Enter free"', async () => {
    const held = (amountPaise: number): CartAnswer => ({
      ...cart(4900, []),
      held: [
        {
          reservationId: 'r1',
          paymentId: 'p1',
          contestId: 'c1',
          slot: 'A',
          closesAt: new Date(Date.now() + 86_400_000).toISOString(),
          expiresAt: '2026-11-21T06:45:00.000Z',
          tickets: [
            { x: 10, y: 20 },
            { x: 30, y: 40 },
          ],
          amountPaise,
        },
      ],
    });
    await open({ carts: [ok(held(10272))] });
    const section = await screen.findByRole('region', { name: 'Waiting for payment: Contest A' });
    expect(
      within(section).getByText('No money was taken. These tickets are held for you until 12:15.'),
    ).toBeInTheDocument();
    expect(within(section).getAllByTestId('ticket-crop')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'Try again ₹102.72' })).toHaveAttribute(
      'href',
      '/popupCheckout?contest=c1&payment=p1',
    );
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    cleanup();
    const calls = await open({
      carts: [ok(held(0)), ok(cart(4900, []))],
      free: ok({
        reservationId: 'r2',
        tickets: [
          { id: 'k1', x: 10, y: 20 },
          { id: 'k2', x: 30, y: 40 },
        ],
      }),
    });
    const free = await screen.findByRole('region', { name: 'Ready to enter free: Contest A' });
    expect(within(free).getByText('Paid play is suspended: enter these tickets free.')).toBeInTheDocument();
    fireEvent.click(within(free).getByRole('button', { name: 'Enter free' }));
    expect(await screen.findByText('Your free entry is confirmed. Your tickets:')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/cart/checkout-free')?.body).toEqual({ contestId: 'c1' });
  });
});
