import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContestView } from '../../domain/contests.ts';
import { http } from '../../src/api/http.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import PlayScreenPage from '../../src/screens/play/PlayScreenPage.tsx';
import { fail, ok, renderScreen, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { contestView, currentAnswer } from './contest-fixtures.ts';

interface FakeStageProps {
  marks: Array<{ id: string; label: string; point: { x: number; y: number } | null; locked?: boolean }>;
  selectedId: string | null;
  onPlace(point: { x: number; y: number }): void;
  disabled?: boolean;
  picture: { width: number; height: number };
  labels: { selected(label: string, x: number | null, y: number | null): string };
}

// The Pixi stage cannot run in jsdom: a stand-in places the next point on a click.
const stage = vi.hoisted(() => ({ next: { x: 0, y: 0 } }));
vi.mock('../../src/stage/PictureStage.tsx', () => ({
  PictureStage: (props: FakeStageProps) => {
    const selected = props.marks.find((m) => m.id === props.selectedId);
    return (
      <div
        data-testid="stage"
        data-disabled={String(Boolean(props.disabled))}
        data-width={props.picture.width}
        data-locked={JSON.stringify(props.marks.filter((m) => m.locked).map((m) => m.point))}
      >
        <button type="button" onClick={() => props.onPlace(stage.next)}>
          fake-place
        </button>
        <p data-testid="readout">
          {selected ? props.labels.selected(selected.label, selected.point?.x ?? null, selected.point?.y ?? null) : ''}
        </p>
      </div>
    );
  },
}));

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

/** The player's cart: by default empty. */
const cartItems = vi.hoisted(() => ({
  items: [] as Array<{ id: string; contestId: string; x: number; y: number; pricePaise: number }>,
}));
afterEach(() => {
  cartItems.items = [];
});

function stub(contest: ContestView | null, addAnswers: StubAnswer[] = []) {
  return stubApi({
    'GET /contests/current': () => ok(currentAnswer(contest)),
    'GET /cart': () => ok({ items: cartItems.items, groups: [], held: [] }),
    'POST /cart/items': () => addAnswers.shift() ?? ok({ items: [], groups: [], held: [] }),
  });
}

async function open(contest: ContestView | null, addAnswers: StubAnswer[] = [], lng = 'en') {
  const calls = stub(contest, addAnswers);
  const result = await renderScreen(<PlayScreenPage />, { path: '/play_screen', lng });
  return { calls, ...result };
}

function place(x: number, y: number) {
  stage.next = { x, y };
  fireEvent.click(screen.getByRole('button', { name: 'fake-place' }));
}
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const draftKey = `${STORAGE_KEYS.playDraftPrefix}c1`;

describe('/play_screen', () => {
  it('marks tickets, shows the all-in price and running total, and enters them: to the cart, for the entry sheet', async () => {
    const { calls } = await open(contestView());
    // The first test of the file also waits for the screen's lazy parts to load.
    await screen.findByTestId('stage', {}, { timeout: 5000 });
    // ₹49 entry incl. GST + ₹2 fee + 18% GST on it (issue 25).
    expect(screen.getByText('₹51.36 per ticket, all in')).toBeInTheDocument();
    expect(screen.getByText('Total: ₹51.36')).toBeInTheDocument();
    expect(screen.queryByText(/\+ fee/)).toBeNull();
    place(100, 200);
    fireEvent.click(button('Add ticket'));
    place(300, 400);
    expect(screen.getByText('Total: ₹102.72')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(draftKey) ?? 'null')).toEqual([
      { id: 't1', point: { x: 100, y: 200 } },
      { id: 't2', point: { x: 300, y: 400 } },
    ]);
    fireEvent.click(button('Enter for ₹102.72'));
    expect(await screen.findByRole('dialog', { name: 'Your entry' }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      contestId: 'c1',
      tickets: [
        { x: 100, y: 200 },
        { x: 300, y: 400 },
      ],
    });
    expect(localStorage.getItem(draftKey)).toBeNull();
  });

  it('asks for the contest and the cart once, as it opens: the marking takes the cart asked then (issue 29)', async () => {
    cartItems.items = [{ id: 'i1', contestId: 'c1', x: 10, y: 20, pricePaise: 5136 }];
    const { calls } = await open(contestView());
    await screen.findByTestId('stage');
    expect(calls.filter((call) => call.url === '/contests/current')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/cart')).toHaveLength(1);
    // The cart's ticket is on the stage, locked: the marking read that one answer.
    expect(screen.getByText(/1 ticket in your cart/)).toBeInTheDocument();
  });

  it("shows the contest's name, its prize and a countdown to close", async () => {
    await open(contestView());
    await screen.findByTestId('stage');
    const info = screen.getByRole('region', { name: 'About this contest' });
    expect(info).toHaveTextContent('Contest A · Prize: Weekly jackpot · Worth ₹1,00,000');
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^Closes in: 1 Day, 0 Hours, [45] Minutes, \d+ Seconds?$/);
    // The first-time hints sit above the picture, not over it.
    expect(screen.getByRole('region', { name: 'How to play' })).toHaveTextContent('Press and hold for the magnifier');
  });

  it('shows the contest, prize and countdown in Hindi', async () => {
    await open(contestView(), [], 'hi');
    await screen.findByTestId('stage');
    const info = screen.getByRole('region', { name: 'इस प्रतियोगिता के बारे में' });
    expect(info).toHaveTextContent('प्रतियोगिता A');
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^बंद होने में: 1 दिन, 0 घंटे/);
  });

  it('draws the tickets already bought on the stage, locked, apart from the new ones', async () => {
    await open(
      contestView({
        myTickets: 2,
        myPoints: [
          { x: 10, y: 20 },
          { x: 30, y: 40 },
        ],
      }),
    );
    const stageEl = await screen.findByTestId('stage');
    expect(JSON.parse(stageEl.getAttribute('data-locked')!)).toEqual([
      { x: 10, y: 20 },
      { x: 30, y: 40 },
    ]);
    expect(screen.getByText('Locked on the picture: 2 tickets entered.')).toBeInTheDocument();
    place(100, 200);
    expect(JSON.parse(screen.getByTestId('stage').getAttribute('data-locked')!)).toHaveLength(2);
    // The ticket bar lists only the new marks.
    expect(screen.queryByRole('button', { name: /Ticket 3/ })).toBeNull();
  });

  it('Reset asks, then clears the marks back to one unmarked ticket, and saves that', async () => {
    await open(contestView());
    await screen.findByTestId('stage');
    place(10, 20);
    fireEvent.click(button('Add ticket'));
    place(30, 40);
    fireEvent.click(button('Reset'));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all marks?' });
    expect(dialog).toHaveTextContent(
      'This removes every mark you have not entered yet. Tickets already entered, and those in your cart, stay.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep marking' }));
    expect(button('Ticket 2, marked 30 pixels from the left and 40 from the top')).toBeInTheDocument();
    fireEvent.click(button('Reset'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear marks' }));
    expect(screen.getAllByRole('button', { name: /^Ticket \d/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ticket 1: not marked',
    ]);
    expect(JSON.parse(localStorage.getItem(draftKey) ?? 'null')).toEqual([{ id: 't1', point: null }]);
    expect(button('Reset')).toBeDisabled();
  });

  it('with no payment gateway, a paid contest offers a practice game instead of marking tickets for a checkout that cannot happen', async () => {
    stubApi({
      'GET /contests/current': () => ok(currentAnswer(contestView(), { enabled: false, reason: 'noGateway' })),
      'GET /cart': () => ok({ items: [], groups: [], held: [] }),
    });
    await renderScreen(<PlayScreenPage />, { path: '/play_screen' });
    expect(await screen.findByRole('heading', { name: 'Paid entries open soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a free practice game' })).toHaveAttribute('href', '/quick_game');
    expect(screen.queryByTestId('stage')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Enter/ })).not.toBeInTheDocument();
  });

  it('names each ticket chip for a listener, in words and not as coordinates, in English and Hindi', async () => {
    const first = await open(contestView());
    await screen.findByTestId('stage');
    place(10, 20);
    const chip = button('Ticket 1, marked 10 pixels from the left and 20 from the top');
    expect(chip.getAttribute('aria-label')).not.toMatch(/X \d|Y \d/);
    first.unmount();
    await open(contestView(), [], 'hi');
    await screen.findByTestId('stage');
    expect(button('टिकट 1, बाएँ से 10 पिक्सेल और ऊपर से 20 पिक्सेल पर निशान')).toBeInTheDocument();
  });

  it('restores unsubmitted marks after a remount', async () => {
    const first = await open(contestView());
    await screen.findByTestId('stage');
    place(10, 20);
    fireEvent.click(button('Add ticket'));
    place(30, 40);
    fireEvent.click(button('Add ticket'));
    first.unmount();
    await open(contestView());
    await screen.findByTestId('stage');
    expect(button('Ticket 1, marked 10 pixels from the left and 20 from the top')).toBeInTheDocument();
    expect(button('Ticket 2, marked 30 pixels from the left and 40 from the top')).toBeInTheDocument();
    expect(button('Ticket 3: not marked')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Total: ₹154.08')).toBeInTheDocument();
  });

  it("says 'Duplicate Coordinates' for a point in the draft and for one already held", async () => {
    await open(contestView({ myTickets: 1, myPoints: [{ x: 5, y: 5 }] }));
    await screen.findByTestId('stage');
    expect(screen.getByText('Locked on the picture: 1 ticket entered.')).toBeInTheDocument();
    place(5, 5);
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate Coordinates');
    fireEvent.click(button('Dismiss'));
    place(50, 50);
    fireEvent.click(button('Add ticket'));
    place(50, 50);
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate Coordinates');
  });

  it("counts the cart's tickets: Add disabled with 'Max Ticket Limit Reached', a cart point is a 'Duplicate Coordinates', both drawn locked", async () => {
    cartItems.items = [
      { id: 'i1', contestId: 'c1', x: 7, y: 7, pricePaise: 4900 },
      { id: 'i2', contestId: 'other', x: 9, y: 9, pricePaise: 4900 },
    ];
    // Three for this person: one bought, one in the cart, so the draft's one ticket is the last.
    await open(contestView({ maxTickets: 3, myTickets: 1, myPoints: [{ x: 1, y: 1 }] }));
    const stageEl = await screen.findByTestId('stage');
    expect(JSON.parse(stageEl.getAttribute('data-locked')!)).toEqual([
      { x: 1, y: 1 },
      { x: 7, y: 7 },
    ]);
    expect(screen.getByText(/^Locked on the picture: 1 ticket entered · 1 ticket in your cart\./)).toHaveTextContent(
      /Open cart$/,
    );
    expect(screen.getByRole('link', { name: 'Open cart' })).toHaveAttribute('href', '/cart');
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText(/Max Ticket Limit Reached/)).toBeInTheDocument();
    place(7, 7);
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate Coordinates');
    expect(button('Ticket 1: not marked')).toBeInTheDocument();
  });

  it("says 'Max Ticket Limit Reached' counting the tickets already held", async () => {
    await open(contestView({ maxTickets: 3, myTickets: 1, myPoints: [{ x: 1, y: 1 }] }));
    await screen.findByTestId('stage');
    place(10, 10);
    fireEvent.click(button('Add ticket'));
    place(20, 20);
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText('Max Ticket Limit Reached')).toBeInTheDocument();
  });

  it("says 'Ticket Limit Exceeded' when the held tickets fill the personal limit", async () => {
    await open(
      contestView({
        maxTickets: 2,
        myTickets: 2,
        myPoints: [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
      }),
    );
    await screen.findByTestId('stage');
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText(/Ticket Limit Exceeded/)).toBeInTheDocument();
  });

  it("says 'Only N tickets are available' when the contest's stock is the tighter limit", async () => {
    await open(contestView({ ticketsLeft: 2 }));
    await screen.findByTestId('stage');
    place(10, 10);
    fireEvent.click(button('Add ticket'));
    place(20, 20);
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText('Only 2 tickets are available')).toBeInTheDocument();
  });

  it("says 'Only 1 ticket is available' in the singular", async () => {
    await open(contestView({ ticketsLeft: 1 }));
    await screen.findByTestId('stage');
    place(10, 10);
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText('Only 1 ticket is available')).toBeInTheDocument();
  });

  it("says 'No Tickets Available' when the contest is sold out", async () => {
    await open(contestView({ ticketsLeft: 0 }));
    await screen.findByTestId('stage');
    expect(button('Add ticket')).toBeDisabled();
    expect(screen.getByText(/No Tickets Available/)).toBeInTheDocument();
  });

  it.each([
    [fail(400, 'No More Tickets', 'NO_MORE_TICKETS'), 'No More Tickets'],
    [
      fail(409, 'Only 4 tickets are available', 'ONLY_N_AVAILABLE', undefined, { available: 4 }),
      'Only 4 tickets are available',
    ],
    [fail(400, 'Duplicate Coordinates', 'DUPLICATE_COORDINATES'), 'Duplicate Coordinates'],
    [fail(400, 'Game Play Closed!', 'GAME_PLAY_CLOSED'), 'Game Play Closed!'],
    [fail(409, 'No Tickets Available', 'NO_TICKETS_AVAILABLE'), 'No Tickets Available'],
    [fail(400, 'Ticket Limit Exceeded', 'TICKET_LIMIT_EXCEEDED'), 'Ticket Limit Exceeded'],
    [fail(400, 'Max Ticket Limit Reached', 'MAX_TICKET_LIMIT_REACHED'), 'Max Ticket Limit Reached'],
  ])('shows the server refusal %#', async (answer, text) => {
    await open(contestView(), [answer]);
    await screen.findByTestId('stage');
    place(10, 10);
    fireEvent.click(button('Enter for ₹51.36'));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    fireEvent.click(button('Back to marking'));
    expect(button('Enter for ₹51.36')).toBeEnabled();
    expect(localStorage.getItem(draftKey)).not.toBeNull();
  });

  it('shows server refusals in Hindi', async () => {
    await open(
      contestView(),
      [fail(409, 'Only 4 tickets are available', 'ONLY_N_AVAILABLE', undefined, { available: 4 })],
      'hi',
    );
    await screen.findByTestId('stage');
    place(10, 10);
    fireEvent.click(button('₹51.36 में प्रवेश करें'));
    expect(await screen.findByRole('alert')).toHaveTextContent('केवल 4 टिकट उपलब्ध हैं');
  });

  it("says 'Duplicate Coordinates' in Hindi", async () => {
    await open(contestView(), [], 'hi');
    await screen.findByTestId('stage');
    expect(screen.getByText('₹51.36 प्रति टिकट, सब मिलाकर')).toBeInTheDocument();
    expect(screen.getByText('कुल: ₹51.36')).toBeInTheDocument();
    place(10, 10);
    fireEvent.click(button('टिकट जोड़ें'));
    place(10, 10);
    expect(screen.getByRole('alert')).toHaveTextContent('यही निर्देशांक पहले से है');
  });

  it("says 'Game Play Closed!' when the contest is not open", async () => {
    await open(contestView({ state: 'closed' }));
    expect(await screen.findByRole('heading', { name: 'Game Play Closed!' })).toBeInTheDocument();
    expect(screen.queryByTestId('stage')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says a cancelled contest is cancelled, and why, with no stage to mark', async () => {
    await open(contestView({ state: 'cancelled', cancelReason: 'Rain stopped play.' }));
    expect(await screen.findByRole('heading', { name: 'This contest has been cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Reason: Rain stopped play.')).toBeInTheDocument();
    expect(screen.queryByTestId('stage')).not.toBeInTheDocument();
  });

  it('says Free entry for a free contest, with no price at all', async () => {
    await open(contestView({ ticketPricePaise: 0, allInPricePaise: 0 }));
    await screen.findByTestId('stage');
    const bar = screen.getByRole('region', { name: 'Your tickets' });
    expect(within(bar).getByText('Free entry')).toBeInTheDocument();
    expect(within(bar).queryByText(/₹/)).toBeNull();
    // Nothing marked yet: the button stays (issue 25: the rule is said only after an attempt).
    fireEvent.click(button('Enter free'));
    expect(screen.getByRole('alert')).toHaveTextContent('Mark all tickets before submitting');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks of entered tickets, never of a cart or buying, in a free contest', async () => {
    await open(contestView({ ticketPricePaise: 0, allInPricePaise: 0, myTickets: 1, myPoints: [{ x: 10, y: 20 }] }));
    await screen.findByTestId('stage');
    expect(screen.getByText('Locked on the picture: 1 ticket entered.')).toBeInTheDocument();
    place(100, 200);
    fireEvent.click(button('Reset'));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all marks?' });
    expect(dialog).toHaveTextContent('This removes every mark you have not entered yet. Tickets already entered stay.');
    expect(document.body).not.toHaveTextContent(/cart|bought|buy/i);
  });

  it('has the first-time hints above the picture while it loads, and keeps them there as the board takes its place', async () => {
    let answerCart: () => void = () => undefined;
    stubApi({
      'GET /contests/current': () => ok(currentAnswer(contestView())),
      'GET /cart': () =>
        new Promise<StubAnswer>((resolve) => {
          answerCart = () => resolve(ok({ items: [], groups: [], held: [] }));
        }),
    });
    const { container } = await renderScreen(<PlayScreenPage />, { path: '/play_screen' });
    // The contest is in, the cart still on its way: the contest's picture, not yet the board.
    await screen.findByText('Contest A');
    const hints = screen.getByRole('region', { name: 'How to play' });
    const preview = container.querySelector('.stage-preview')!;
    expect(screen.queryByTestId('stage')).toBeNull();
    // Before the picture in the page's order, so the picture is not pushed down when the board comes.
    expect(hints.compareDocumentPosition(preview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    answerCart();
    const board = await screen.findByTestId('stage');
    expect(screen.getByRole('region', { name: 'How to play' })).toBe(hints);
    expect(hints.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('retries a failed load', async () => {
    let n = 0;
    stubApi({
      'GET /contests/current': () => (n++ === 0 ? fail(500, 'down') : ok(currentAnswer(contestView()))),
      'GET /cart': () => ok({ items: [], groups: [], held: [] }),
    });
    await renderScreen(<PlayScreenPage />, { path: '/play_screen' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The contest could not be loaded');
    fireEvent.click(button('Try again'));
    await waitFor(() => expect(screen.getByTestId('stage')).toBeInTheDocument());
  });
});
