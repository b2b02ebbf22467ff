import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveShow, MyEntry, WinnerCard } from '../../domain/results.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/app/login-marker.ts';
import LiveWeeklyWinnerPage from '../../src/screens/winners/LiveWeeklyWinnerPage.tsx';
import { MyEntriesSection } from '../../src/screens/winners/MyEntriesSection.tsx';
import WinnersCirclePage from '../../src/screens/winners/WinnersCirclePage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';
import { entry as fixtureEntry, receiptsFor } from '../support/verification-fixtures.ts';

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
});

const picture = {
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: '/api/v1/pictures/p1/small', width: 1280, height: 800 },
    { name: 'large' as const, url: '/api/v1/pictures/p1/large', width: 1600, height: 1000 },
  ],
};

const card = (n: number, overrides: Partial<WinnerCard> = {}): WinnerCard => ({
  contestId: `c${n}`,
  slot: n % 2 ? 'A' : 'B',
  opensAt: '2026-11-16T06:30:00.000Z',
  closesAt: '2026-11-18T18:29:59.000Z',
  showAt: '2026-11-19T15:30:00.000Z',
  publishedAt: '2026-11-19T16:15:00.000Z',
  picture,
  judgedPoint: { x: 2401 / 3, y: 500 },
  prize: { kind: 'cash', title: `Prize ${n}`, valuePaise: 2_500_000 },
  entries: 24,
  ballWidth: 16,
  winner: { firstName: `Winner${n}`, state: 'Maharashtra', mark: { x: 801, y: 498 }, distance: 2.1 },
  ...overrides,
});

describe('/live_weekly_winner', () => {
  it('counts down to the next show, embeds its stream, and shows the latest winner with both marks on their pixels', async () => {
    const live: LiveShow = {
      next: {
        contestId: 'n1',
        slot: 'A',
        showAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
        streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
      latest: card(1),
    };
    stubApi({ 'GET /results/live': () => ok(live) });
    const { container } = await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Live weekly winner' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /^Time until the live show: 2 / })).toBeInTheDocument();
    expect(screen.getByTitle('Live winner show')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByRole('link', { name: 'Open the stream on youtube.com' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(screen.getByText('Winner1 from Maharashtra')).toBeInTheDocument();
    // 2.1 px from the judged point with a 16 px ball: on the ball; the pixels in a details line.
    expect(screen.getByText('On the judged ball position')).toBeInTheDocument();
    expect(screen.getByText('2.1 px in the original photo')).toBeInTheDocument();
    expect(screen.getByText('24 entries')).toBeInTheDocument();
    // A cash prize's title names its amount; no '(worth ...)' after it.
    expect(screen.getAllByText('Prize 1').length).toBeGreaterThan(0);
    expect(screen.queryByText(/worth/)).toBeNull();
    // The overlay's coordinate space is the original photo's: each mark sits on its pixel centre.
    const overlay = container.querySelector('svg.marked-picture__overlay')!;
    expect(overlay.getAttribute('viewBox')).toBe('0 0 1600 1000');
    const judged = container.querySelector('.mark--judged circle')!;
    expect(Number(judged.getAttribute('cx'))).toBeCloseTo(2401 / 3 + 0.5, 10);
    expect(judged.getAttribute('cy')).toBe('500.5');
    expect(container.querySelector('.mark--winner circle')!.getAttribute('cx')).toBe('801.5');
  });

  it('before anything is set: no stream yet, no winner yet', async () => {
    stubApi({
      'GET /results/live': () =>
        ok({
          next: {
            contestId: 'n1',
            slot: 'B',
            showAt: new Date(Date.now() + 3_600_000).toISOString(),
            streamUrl: null,
            embedUrl: null,
          },
          latest: null,
        }),
    });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(
      await screen.findByText('The link to the live stream will appear here before the show.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No winner has been announced yet.')).toBeInTheDocument();
    expect(screen.queryByTitle('Live winner show')).toBeNull();
  });

  it('a stream that cannot be embedded is a link; during the show it says live now; in Hindi', async () => {
    stubApi({
      'GET /results/live': () =>
        ok({
          next: {
            contestId: 'n1',
            slot: 'B',
            showAt: new Date(Date.now() - 600_000).toISOString(),
            streamUrl: 'https://www.facebook.com/cricspot/live',
            embedUrl: null,
          },
          latest: null,
        }),
    });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner', lng: 'hi' });
    expect(await screen.findByText('शो अभी लाइव है')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'लाइव शो देखें' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/cricspot/live',
    );
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('a failed load says so and tries again', async () => {
    let n = 0;
    stubApi({ 'GET /results/live': () => (n++ === 0 ? fail(500, 'boom') : ok({ next: null, latest: null })) });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The show could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No show is scheduled yet. Check back soon.')).toBeInTheDocument();
  });
});

describe('/the_winners_circle', () => {
  it('shows the newest winners and loads more until the end', async () => {
    const calls = stubApi({
      'GET /results/winners': () =>
        calls.length === 1
          ? ok({ results: [card(3), card(2)], nextCursor: 'next-1' })
          : ok({ results: [card(1, { winner: null, entries: 0 })], nextCursor: null }),
    });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle' });
    expect(await screen.findByText('Winner3 from Maharashtra')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // Each result links to its public check.
    expect(screen.getAllByRole('link', { name: 'Check this result' }).map((a) => a.getAttribute('href'))).toEqual([
      `/the_winners_circle/${card(3).contestId}/verify`,
      `/the_winners_circle/${card(2).contestId}/verify`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Nobody entered this contest.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('That is every winner so far.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a failed further page keeps the cards, says so, and offers the button again', async () => {
    let n = 0;
    stubApi({
      'GET /results/winners': () =>
        n++ === 0
          ? ok({ results: [card(3)], nextCursor: 'next-1' })
          : n === 2
            ? fail(500, 'boom')
            : ok({ results: [card(2)], nextCursor: null }),
    });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More winners could not be loaded.');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Winner2 from Maharashtra')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when nothing is published yet, in Hindi too', async () => {
    stubApi({ 'GET /results/winners': () => ok({ results: [], nextCursor: null }) });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle', lng: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'विजेताओं का मंच' })).toBeInTheDocument();
    expect(await screen.findByText(/अभी तक कोई परिणाम प्रकाशित नहीं हुआ है/)).toBeInTheDocument();
  });
});

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

describe('My entries and the prize claim', () => {
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
    await renderScreen(<MyEntriesSection />, { path: '/my_account' });
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
    const { container } = await renderScreen(<MyEntriesSection />, { path: '/my_account' });
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
    const { container } = await renderScreen(<MyEntriesSection />, { path: '/my_account' });
    expect(await screen.findByText('You won this contest!')).toBeInTheDocument();
    expect(screen.getByText(/Rank 1 of 24/)).toBeInTheDocument();
    expect(screen.getByText(/Rank 17 of 24/)).toBeInTheDocument();
    // Distances in ball widths (the contest picture's ball is 16 px wide), pixels in brackets.
    expect(screen.getByText(/on the ball/)).toHaveTextContent('on the ball (0.5 px)');
    expect(screen.getByText(/25\.8 ball widths/)).toHaveTextContent('25.8 ball widths (412.3 px)');
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
    await renderScreen(<MyEntriesSection />, { path: '/my_account', lng: 'hi' });
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
    await renderScreen(<MyEntriesSection />, { path: '/my_account' });
    expect(await screen.findByText('Prize sent')).toBeInTheDocument();
    expect(screen.getByText('Note from our team: Paid by NEFT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct my details' })).toBeNull();
    await waitFor(() => expect(screen.queryByLabelText('PAN')).toBeNull());
  });
});
