import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyEntry } from '../../domain/results.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { closeWording, entryCountdown, ticketStatus } from '../../src/screens/entries/entry-status.ts';
import MyEntriesPage from '../../src/screens/entries/MyEntriesPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';
import { entry as fixtureEntry, receiptsFor } from '../support/verification-fixtures.ts';

// /my_entries (issue 25): the contests the player holds tickets in, each ticket as a crop of the
// picture with its status (held, confirmed, sealed, ranked), the countdowns, the result, the receipts.

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
  vi.useRealTimers();
});

const picture = {
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: '/api/v1/pictures/p1/small', width: 1280, height: 800 },
    { name: 'large' as const, url: '/api/v1/pictures/p1/large', width: 1600, height: 1000 },
  ],
};

const entry = (overrides: Partial<MyEntry> = {}): MyEntry => ({
  contestId: 'c9',
  slot: 'A',
  state: 'published',
  closesAt: '2026-11-18T18:29:59.000Z',
  showAt: '2026-11-19T15:30:00.000Z',
  picture,
  ballWidth: 16,
  prize: { kind: 'cash', title: 'Cash prize', valuePaise: 2_000_000 },
  tickets: [
    { id: 't1', x: 801, y: 500, status: 'confirmed', rank: 1, distance: 0.5 },
    { id: 't2', x: 900, y: 900, status: 'confirmed', rank: 17, distance: 412.3 },
  ],
  judgedPoint: { x: 800.5, y: 500 },
  entries: 24,
  isWinner: true,
  tax: { grossPaise: 2_000_000, tdsPaise: 600_000, netPaise: 1_400_000, ratePercent: 30, thresholdPaise: 1_000_000 },
  claim: null,
  sealed: true,
  ...overrides,
});

describe('My entries: results, receipts and the prize claim', () => {
  beforeEach(() => loginMarker.set());
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('a sealed contest offers each confirmed ticket its receipt as a file, and links to the public check', async () => {
    const receipt = receiptsFor('c9', [fixtureEntry(0), fixtureEntry(1)])[0]!;
    const calls = stubApi({
      'GET /account/entries': () => ok({ contests: [entry()] }),
      'GET /me/tickets/t1/receipt': () => ok(receipt),
      'GET /me/tickets/t2/receipt': () => fail(500, 'Internal error', 'INTERNAL'),
    });
    const saved: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:receipt';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the receipt of ticket 1' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.url)).toContain('/me/tickets/t1/receipt');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await saved[0]!.text())).toEqual(receipt);
    fireEvent.click(screen.getByRole('button', { name: 'Download the receipt of ticket 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your receipt of ticket 2 could not be loaded. Try again.',
    );
    expect(screen.getByRole('link', { name: 'Check this result' })).toHaveAttribute(
      'href',
      '/the_winners_circle/c9/verify',
    );
    vi.restoreAllMocks();
  });

  it('before publishing: the tickets, no rank, when the result comes', async () => {
    stubApi({
      'GET /account/entries': () =>
        ok({
          contests: [
            entry({
              state: 'judged',
              tickets: [{ id: 't1', x: 801, y: 500, status: 'confirmed', rank: null, distance: null }],
              judgedPoint: null,
              entries: null,
              isWinner: false,
              tax: null,
            }),
          ],
        }),
    });
    const { container } = await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByText('Ticket 1 at (801, 500)')).toBeInTheDocument();
    expect(screen.getByText(/Your result comes after the live show/)).toBeInTheDocument();
    expect(screen.queryByText(/Rank/)).toBeNull();
    expect(container.querySelector('.mark--judged')).toBeNull();
  });

  it('the winner sees ranks, the tax withheld, and claims with validated, masked details', async () => {
    const calls = stubApi({
      'GET /account/entries': () => ok({ contests: [entry()] }),
      'POST /account/claims': () =>
        ok({
          status: 'submitted',
          submittedAt: '2026-11-20T05:00:00.000Z',
          verifiedAt: null,
          sentAt: null,
          note: null,
          masked: {
            fullName: 'Ravi Kumar',
            pan: 'AB******4F',
            address: 'Pune, Maharashtra 411***',
            payout: '********9012 (SBIN)',
          },
          tax: {
            grossPaise: 2_000_000,
            tdsPaise: 600_000,
            netPaise: 1_400_000,
            ratePercent: 30,
            thresholdPaise: 1_000_000,
          },
        }),
    });
    const { container } = await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByText('You won this contest!')).toBeInTheDocument();
    expect(screen.getByText(/Rank 1 of 24/)).toBeInTheDocument();
    expect(screen.getByText(/Rank 17 of 24/)).toBeInTheDocument();
    // Distances in ball widths (the contest picture's ball is 16 px wide), pixels in brackets.
    expect(screen.getByText('on the ball (0.5 px)')).toBeInTheDocument();
    expect(screen.getByText('25.8 ball widths (412.3 px)')).toBeInTheDocument();
    expect(container.querySelector('.mark--judged')).not.toBeNull();
    const tax = container.querySelector('.tax-lines') as HTMLElement;
    expect(within(tax).getByText('Tax withheld (TDS 30%, Section 194B)')).toBeInTheDocument();
    expect(within(tax).getByText('−₹6,000')).toBeInTheDocument();
    expect(within(tax).getByText('₹14,000')).toBeInTheDocument();

    fill('Name as on your PAN card', 'Ravi Kumar');
    fill('PAN', 'ABCD1234F');
    fill('Address', '12 MG Road');
    fill('City or town', 'Pune');
    fill('PIN code', '011001');
    fireEvent.click(screen.getByLabelText('Bank account'));
    fill('Account number', '123');
    fill('IFSC', 'SBIN1001234');
    fireEvent.click(screen.getByRole('button', { name: 'Submit claim' }));
    expect(
      await screen.findByText('Enter a valid PAN: 5 letters, 4 digits, 1 letter (e.g. ABCDE1234F)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose your state')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 6-digit PIN code')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid bank account number (9 to 18 digits)')).toBeInTheDocument();
    expect(screen.getByText(/Enter a valid IFSC/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fill('PAN', 'abcde1234f');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Maharashtra' } });
    fill('PIN code', '411001');
    fill('Account number', '1234 5678 9012');
    fill('IFSC', 'sbin0001234');
    fireEvent.click(screen.getByRole('button', { name: 'Submit claim' }));
    await screen.findByText('Claim received');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      contestId: 'c9',
      details: {
        fullName: 'Ravi Kumar',
        pan: 'abcde1234f',
        address: { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
        payout: { method: 'bank', accountNumber: '1234 5678 9012', ifsc: 'sbin0001234' },
      },
      // Issue 26: the claim's messages are written in the language the winner claims in.
      lang: 'en',
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Submitted, being checked')).toBeInTheDocument();
    expect(screen.getByText(/PAN: AB\*\*\*\*\*\*4F/)).toBeInTheDocument();
    expect(screen.queryByLabelText('PAN')).toBeNull();
  });

  it('a claim refused by the server says why, in Hindi', async () => {
    stubApi({
      'GET /account/entries': () => ok({ contests: [entry()] }),
      'POST /account/claims': () =>
        fail(403, 'Only the winner of a published contest can claim its prize.', 'NOT_A_WINNER'),
    });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries', lng: 'hi' });
    await screen.findByText('आपने यह प्रतियोगिता जीती है!');
    expect(screen.getByRole('option', { name: 'महाराष्ट्र' })).toHaveValue('Maharashtra');
    fill('पैन कार्ड पर लिखा नाम', 'Ravi Kumar');
    fill('पैन', 'ABCDE1234F');
    fill('पता', '12 MG Road');
    fill('शहर या कस्बा', 'Pune');
    fireEvent.change(screen.getByLabelText('राज्य'), { target: { value: 'Maharashtra' } });
    fill('पिन कोड', '411001');
    fill('यूपीआई आईडी', 'ravi@okaxis');
    fireEvent.click(screen.getByRole('button', { name: 'दावा भेजें' }));
    expect(await screen.findByText('केवल प्रकाशित प्रतियोगिता का विजेता ही उसका इनाम माँग सकता है।')).toBeInTheDocument();
  });

  it("shows the claim status and the team's note once the prize is sent", async () => {
    stubApi({
      'GET /account/entries': () =>
        ok({
          contests: [
            entry({
              claim: {
                status: 'sent',
                submittedAt: '2026-11-20T05:00:00.000Z',
                verifiedAt: '2026-11-21T05:00:00.000Z',
                sentAt: '2026-11-22T05:00:00.000Z',
                note: 'Paid by NEFT',
                masked: {
                  fullName: 'Ravi Kumar',
                  pan: 'AB******4F',
                  address: 'Pune, Maharashtra 411***',
                  payout: 'ra***@okaxis',
                },
                tax: {
                  grossPaise: 2_000_000,
                  tdsPaise: 600_000,
                  netPaise: 1_400_000,
                  ratePercent: 30,
                  thresholdPaise: 1_000_000,
                },
              },
            }),
          ],
        }),
    });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByText('Prize sent')).toBeInTheDocument();
    expect(screen.getByText('Note from our team: Paid by NEFT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct my details' })).toBeNull();
    await waitFor(() => expect(screen.queryByLabelText('PAN')).toBeNull());
  });
});

describe('My entries: the claim’s steps in Hindi', () => {
  beforeEach(() => loginMarker.set());

  it('tells "submitted" (जमा किया) apart from "prize sent" (इनाम भेजा गया)', async () => {
    const claim = {
      submittedAt: '2026-11-20T05:00:00.000Z',
      note: null,
      masked: {
        fullName: 'Ravi Kumar',
        pan: 'AB******4F',
        address: 'Pune, Maharashtra 411***',
        payout: 'ra***@okaxis',
      },
      tax: {
        grossPaise: 2_000_000,
        tdsPaise: 600_000,
        netPaise: 1_400_000,
        ratePercent: 30,
        thresholdPaise: 1_000_000,
      },
    };
    stubApi({
      'GET /account/entries': () =>
        ok({
          contests: [
            entry({ contestId: 'c1', claim: { ...claim, status: 'submitted', verifiedAt: null, sentAt: null } }),
            entry({
              contestId: 'c2',
              slot: 'B',
              claim: {
                ...claim,
                status: 'sent',
                verifiedAt: '2026-11-21T05:00:00.000Z',
                sentAt: '2026-11-22T05:00:00.000Z',
              },
            }),
          ],
        }),
    });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries', lng: 'hi' });
    const [submitted, sent] = await screen.findAllByRole('article');
    expect(within(submitted!).getByText('जमा किया, जाँच जारी')).toBeInTheDocument();
    expect(within(submitted!).getByText(/^जमा किया .* IST$/)).toBeInTheDocument();
    expect(within(sent!).getByText('इनाम भेजा गया')).toBeInTheDocument();
    expect(within(sent!).getByText(/^जमा किया .* IST$/)).toBeInTheDocument();
    expect(within(sent!).getByText(/^इनाम भेजा गया .* IST$/)).toBeInTheDocument();
    expect(screen.queryByText(/^भेजा गया/)).toBeNull();
  });
});

describe('My entries: the contests in play', () => {
  beforeEach(() => loginMarker.set());
  const HOUR = 3_600_000;
  const open = (now: number) =>
    entry({
      state: 'open',
      closesAt: new Date(now + 26 * HOUR + 5 * 60_000).toISOString(),
      showAt: new Date(now + 48 * HOUR).toISOString(),
      tickets: [
        { id: 't1', x: 801, y: 500, status: 'confirmed', rank: null, distance: null },
        { id: 't2', x: 120, y: 80, status: 'reserved', rank: null, distance: null },
      ],
      judgedPoint: null,
      entries: null,
      isWinner: false,
      tax: null,
      sealed: false,
    });

  it('shows each ticket as a crop of the picture with its status, and counts down to the close', async () => {
    const now = Date.now();
    stubApi({ 'GET /account/entries': () => ok({ contests: [open(now)] }) });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My entries' })).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(within(card).getByText('Open')).toBeInTheDocument();
    expect(within(card).getByText('Prize: Cash prize')).toBeInTheDocument();
    const crops = within(card).getAllByTestId('ticket-crop');
    expect(crops).toHaveLength(2);
    expect(within(crops[0]!).getByRole('img')).toHaveAttribute('alt', expect.stringMatching(/801/));
    const tickets = within(card).getByRole('list', { name: 'Your 2 tickets' });
    expect(within(tickets).getAllByRole('listitem')[0]).toHaveTextContent('Confirmed');
    expect(within(tickets).getAllByRole('listitem')[1]).toHaveTextContent('Held: awaiting payment');
    expect(within(card).getByText('Entries close in')).toBeInTheDocument();
    expect(within(card).getByRole('timer').getAttribute('aria-label')).toMatch(/^Entries close in: 1 Day, 2 Hours/);
    expect(within(card).queryByRole('button', { name: /receipt/ })).toBeNull();
  });

  it('after the close, counts down to the live show; sealed tickets say so and offer their receipt', async () => {
    const now = Date.now();
    stubApi({
      'GET /account/entries': () =>
        ok({
          contests: [
            entry({
              state: 'closed',
              closesAt: new Date(now - HOUR).toISOString(),
              showAt: new Date(now + 3 * HOUR).toISOString(),
              tickets: [{ id: 't1', x: 801, y: 500, status: 'confirmed', rank: null, distance: null }],
              judgedPoint: null,
              entries: null,
              isWinner: false,
              tax: null,
              sealed: true,
            }),
          ],
        }),
    });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries', lng: 'hi' });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('लाइव शो में')).toBeInTheDocument();
    expect(within(card).getByText('प्रविष्टि सूची में सील')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /टिकट 1/ })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Contest A · closes', 'Contest A · closed'],
    ['hi', 'को बंद होगी', 'को बंद हुई'],
  ] as const)('says a contest "closes" before its close and "closed" after it (%s)', async (lng, closes, closed) => {
    const now = Date.now();
    const inPlay = { tickets: [], judgedPoint: null, entries: null, isWinner: false, tax: null, sealed: false };
    stubApi({
      'GET /account/entries': () =>
        ok({
          contests: [
            entry({ ...inPlay, contestId: 'c1', state: 'open', closesAt: new Date(now + HOUR).toISOString() }),
            entry({
              ...inPlay,
              contestId: 'c2',
              slot: 'B',
              state: 'closed',
              closesAt: new Date(now - HOUR).toISOString(),
            }),
          ],
        }),
    });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries', lng });
    const [open, past] = await screen.findAllByRole('heading', { level: 2 });
    expect(open).toHaveTextContent(closes);
    expect(past).toHaveTextContent(lng === 'en' ? 'Contest B · closed' : closed);
    expect(past).not.toHaveTextContent(lng === 'en' ? 'closes' : 'बंद होगी');
  });

  it('words the close by state and time: ahead, past (an early close too), or never reached when cancelled', () => {
    const closesAt = '2026-11-25T18:29:59.000Z';
    const before = new Date('2026-11-25T06:00:00.000Z');
    const after = new Date('2026-11-25T19:00:00.000Z');
    expect(closeWording({ state: 'open', closesAt }, before)).toBe('closes');
    expect(closeWording({ state: 'upcoming', closesAt }, before)).toBe('closes');
    expect(closeWording({ state: 'open', closesAt }, after)).toBe('closed');
    expect(closeWording({ state: 'closed', closesAt }, before)).toBe('closed');
    expect(closeWording({ state: 'published', closesAt }, after)).toBe('closed');
    expect(closeWording({ state: 'cancelled', closesAt }, before)).toBe('cancelledBeforeClose');
    expect(closeWording({ state: 'cancelled', closesAt }, after)).toBe('closed');
  });

  it('names where a ticket stands, and what the card counts down to', () => {
    const now = new Date('2026-11-25T06:00:00.000Z');
    const base = { closesAt: '2026-11-25T18:29:59.000Z', showAt: '2026-11-26T15:30:00.000Z' };
    expect(entryCountdown({ ...base, state: 'open' }, now)).toEqual({ to: 'close', at: new Date(base.closesAt) });
    expect(entryCountdown({ ...base, state: 'judged' }, now)).toEqual({ to: 'show', at: new Date(base.showAt) });
    expect(entryCountdown({ ...base, state: 'open' }, new Date('2026-11-25T19:00:00.000Z'))).toEqual({
      to: 'show',
      at: new Date(base.showAt),
    });
    expect(entryCountdown({ ...base, state: 'judged' }, new Date('2026-11-27T00:00:00.000Z'))).toBeNull();
    expect(entryCountdown({ ...base, state: 'published' }, now)).toBeNull();
    expect(entryCountdown({ ...base, state: 'cancelled' }, now)).toBeNull();
    const ticket = { id: 't', x: 1, y: 1, rank: null, distance: null };
    expect(ticketStatus({ ...ticket, status: 'reserved' }, { sealed: false })).toBe('held');
    expect(ticketStatus({ ...ticket, status: 'confirmed' }, { sealed: false })).toBe('confirmed');
    expect(ticketStatus({ ...ticket, status: 'confirmed' }, { sealed: true })).toBe('sealed');
    expect(ticketStatus({ ...ticket, status: 'confirmed', rank: 3, distance: 4 }, { sealed: true })).toBe('ranked');
  });

  it('a published contest gives the best place first', async () => {
    stubApi({ 'GET /account/entries': () => ok({ contests: [entry({ isWinner: false, tax: null })] }) });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByText('Your best ticket: #1 of 24 · on the ball (0.5 px)')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says when the entries could not be loaded, and tries again', async () => {
    let first = true;
    stubApi({
      'GET /account/entries': () => {
        if (!first) return ok({ contests: [] });
        first = false;
        return fail(500, 'Internal error', 'INTERNAL');
      },
    });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your entries could not be loaded.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/play_screen');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
