import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentContests } from '../../domain/contests.ts';
import type { LiveShow, MyEntry, WinnerCard } from '../../domain/results.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ContestCard } from '../../src/screens/home/ContestCard.tsx';
import LoginPage from '../../src/screens/auth/LoginPage.tsx';
import LiveWeeklyWinnerPage from '../../src/screens/winners/LiveWeeklyWinnerPage.tsx';
import MyEntriesPage from '../../src/screens/entries/MyEntriesPage.tsx';
import { WinnerCardView } from '../../src/screens/winners/WinnerCardView.tsx';
import { ok, renderScreen, siteSettings, stubApi } from '../support/api-stub.tsx';

// Issue 26 on the player's screens: a prize in kind's claim (address and PAN only, and who pays
// its TDS), the sponsor's "Prize by" line, the live page's reveal at show time, the note of a
// cancelled contest under its replacement's Play button, and no Google button when Google is not configured.

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
  loginMarker.clear();
});

const picture = {
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: '/api/v1/pictures/p1/small', width: 1280, height: 800 },
    { name: 'large' as const, url: '/api/v1/pictures/p1/large', width: 1600, height: 1000 },
  ],
};
const sponsor = { name: 'Acme Bats', url: 'https://acme.example', logoUrl: '/api/v1/pictures/logo/small' };

const inKind = (tdsPayer: 'winner' | 'company', overrides: Partial<MyEntry> = {}): MyEntry => ({
  contestId: 'c9',
  slot: 'A',
  state: 'published',
  closesAt: '2026-11-18T18:29:59.000Z',
  showAt: '2026-11-19T15:30:00.000Z',
  picture,
  ballWidth: 16,
  prize: { kind: 'merchandise', title: 'Signed bat', valuePaise: 1_500_000 },
  tickets: [{ id: 't1', x: 801, y: 500, status: 'confirmed', rank: 1, distance: 0.5 }],
  judgedPoint: { x: 800.5, y: 500 },
  entries: 24,
  isWinner: true,
  tax: {
    grossPaise: 1_500_000,
    tdsPaise: 450_000,
    netPaise: 1_500_000,
    ratePercent: 30,
    thresholdPaise: 1_000_000,
    tdsPayer,
  },
  claim: null,
  sealed: true,
  ...overrides,
});

describe('a prize in kind', () => {
  beforeEach(() => loginMarker.set());
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('TDS collected from the winner: says the amount to pay before dispatch; asks the address and PAN, never UPI or bank', async () => {
    const calls = stubApi({
      'GET /account/entries': () => ok({ contests: [inKind('winner')] }),
      'POST /account/claims': () =>
        ok({
          status: 'submitted',
          submittedAt: '2026-11-20T05:00:00.000Z',
          verifiedAt: null,
          sentAt: null,
          note: null,
          masked: { fullName: 'Ravi Kumar', pan: 'AB******4F', address: 'Pune, Maharashtra 411***', payout: null },
          tax: inKind('winner').tax!,
        }),
    });
    const { container } = await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(await screen.findByText('You won this contest!')).toBeInTheDocument();
    const tax = container.querySelector('.tax-lines') as HTMLElement;
    expect(within(tax).getByText('Market value of the prize')).toBeInTheDocument();
    expect(within(tax).getByText('TDS you pay before dispatch (30%, section 194B)')).toBeInTheDocument();
    expect(within(tax).getByText('₹4,500')).toBeInTheDocument();
    expect(
      screen.getByText(/tax of ₹4,500 on the prize's market value must be paid before we dispatch it/),
    ).toBeInTheDocument();
    expect(screen.getByText(/No UPI ID or bank account is asked/)).toBeInTheDocument();
    expect(screen.queryByLabelText('UPI ID')).toBeNull();
    expect(screen.queryByLabelText('Bank account')).toBeNull();
    expect(screen.getByLabelText('PAN')).toBeRequired();
    fill('Name as on your PAN card', 'Ravi Kumar');
    fill('PAN', 'abcde1234f');
    fill('Address', '12 MG Road');
    fill('City or town', 'Pune');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Maharashtra' } });
    fill('PIN code', '411001');
    fireEvent.click(screen.getByRole('button', { name: 'Submit claim' }));
    await screen.findByText('Claim received');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      contestId: 'c9',
      details: {
        fullName: 'Ravi Kumar',
        pan: 'abcde1234f',
        address: { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
      },
      lang: 'en',
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/Delivery to: Pune, Maharashtra 411\*\*\*/)).toBeInTheDocument();
  });

  it('TDS borne by the company: the winner pays nothing, in Hindi too', async () => {
    stubApi({ 'GET /account/entries': () => ok({ contests: [inKind('company')] }) });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries', lng: 'hi' });
    expect(await screen.findByText('CricSpot भरेगा: टीडीएस (30%, धारा 194B)')).toBeInTheDocument();
    expect(screen.getByText(/आपको कुछ नहीं देना है/)).toBeInTheDocument();
    expect(screen.getByText(/सिर्फ़ हमारी इनाम टीम को दिखती है/)).toBeInTheDocument();
  });
});

describe('the sponsor', () => {
  it('shows "Prize by" with the logo and an https link on a result, in Hindi too', async () => {
    const card: WinnerCard = {
      contestId: 'c1',
      slot: 'A',
      opensAt: '2026-11-16T06:30:00.000Z',
      closesAt: '2026-11-18T18:29:59.000Z',
      showAt: '2026-11-19T15:30:00.000Z',
      publishedAt: '2026-11-19T16:15:00.000Z',
      picture,
      judgedPoint: { x: 800, y: 500 },
      prize: { kind: 'merchandise', title: 'Signed bat', valuePaise: 1_500_000 },
      entries: 24,
      ballWidth: 16,
      sponsor,
      winner: null,
    };
    await renderScreen(<WinnerCardView card={card} />, { path: '/the_winners_circle' });
    const link = screen.getByRole('link', { name: 'Visit Acme Bats (opens a new tab)' });
    expect(link).toHaveAttribute('href', 'https://acme.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(link).getByText('Prize by Acme Bats')).toBeInTheDocument();
    expect(within(link).getByRole('img', { name: 'Acme Bats logo' })).toHaveAttribute('src', sponsor.logoUrl);
  });

  it("on the home card, with the note of a contest cancelled in the last day under its replacement's Play button", async () => {
    const now = Date.now();
    const data: CurrentContests = {
      current: {
        id: 'c2',
        slot: 'A',
        state: 'open',
        opensAt: new Date(now - 3_600_000).toISOString(),
        closesAt: new Date(now + 2 * 86_400_000).toISOString(),
        showAt: new Date(now + 2 * 86_400_000 + 3_600_000).toISOString(),
        picture,
        prize: { kind: 'merchandise', title: 'Signed bat', valuePaise: 1_500_000, pictureUrl: null },
        sponsor: { ...sponsor, url: null, logoUrl: null },
        cancelReason: null,
        ticketPricePaise: 0,
        allInPricePaise: 0,
        fees: { platformFeePaisePerTicket: 200, entryGstBasisPoints: 4000, feeGstBasisPoints: 1800 },
        maxTickets: 75,
        totalTickets: 10_000,
        ticketsLeft: 10_000,
        myTickets: 0,
        myPoints: [],
      },
      next: null,
      paidPlay: { enabled: true },
      cancelled: { slot: 'A', reason: 'Rain stopped play.', cancelledAt: new Date(now - 3_600_000).toISOString() },
    };
    await renderScreen(<ContestCard load={{ status: 'ready', data }} retry={() => undefined} />, {
      path: '/',
      lng: 'hi',
    });
    expect(screen.getByText('Acme Bats की ओर से इनाम')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Acme Bats/ })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('प्रतियोगिता A रद्द कर दी गई: Rain stopped play.');
    // Play first, so that it stays above the fold of a phone (and clear of the cookie bar).
    const play = screen.getByRole('button', { name: 'अभी खेलें' });
    expect(play.compareDocumentPosition(screen.getByRole('note')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('This contest has been cancelled')).toBeNull();
  });
});

describe('the live page at show time', () => {
  it('reads the show again when it starts: "The result is in" and the winner, without a reload', async () => {
    const showAt = new Date(Date.now() + 300).toISOString();
    const latest: WinnerCard = {
      contestId: 'n1',
      slot: 'A',
      opensAt: '2026-11-16T06:30:00.000Z',
      closesAt: '2026-11-18T18:29:59.000Z',
      showAt,
      publishedAt: '2026-11-19T10:00:00.000Z',
      picture,
      judgedPoint: { x: 800, y: 500 },
      prize: { kind: 'cash', title: 'Cash prize', valuePaise: 2_500_000 },
      entries: 24,
      ballWidth: 16,
      winner: { firstName: 'Asha', state: null, mark: { x: 801, y: 498 }, distance: 2.2 },
    };
    const next = { contestId: 'n1', slot: 'A' as const, showAt, streamUrl: null, embedUrl: null };
    let reads = 0;
    stubApi({
      'GET /results/live': () => {
        reads += 1;
        const shown: LiveShow =
          reads === 1
            ? { next: { ...next, resultIn: false }, latest: null }
            : { next: { ...next, resultIn: true }, latest };
        return ok(shown);
      },
    });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByText('No winner has been announced yet.')).toBeInTheDocument();
    expect(screen.queryByText('The result is in')).toBeNull();
    expect(await screen.findByText('The result is in', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /The winner is below/ })).toHaveAttribute('href', '#latest-winner');
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(reads).toBe(2);
  });
});

describe('Google sign-in not configured', () => {
  it('offers no Google button', async () => {
    const calls = stubApi({ 'GET /site': () => ok(siteSettings({ googleSignIn: false })) });
    await renderScreen(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url === '/site')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
