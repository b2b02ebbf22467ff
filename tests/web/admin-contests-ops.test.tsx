import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AdminContest, CONTEST_ADMIN_MESSAGES } from '../../domain/admin-contests.ts';
import { istDate } from '../../domain/schedule.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import ContestDefaultsPage from '../../src/screens/admin/contest-defaults/ContestDefaultsPage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole, renderContestsPage } from '../support/render-console.tsx';

// Issue 26, the console without SQL: the contest form's sponsor, TDS payer and required marks;
// the overlap refusal's link; Close now, Reopen and the replacement of a cancelled contest; the
// Contest defaults page.

const original = http.defaults.adapter;
beforeEach(() => loginMarker.set());
afterEach(() => {
  loginMarker.clear();
  http.defaults.adapter = original;
});

const HOUR = 3_600_000;

const contest = (overrides: Partial<AdminContest> = {}): AdminContest => ({
  id: 'c1',
  windowKey: '2026-11-23-A',
  slot: 'A',
  state: 'open',
  opensAt: istDate(2026, 11, 23, 12).toISOString(),
  closesAt: new Date(Date.now() + 2 * 24 * HOUR).toISOString(),
  showAt: new Date(Date.now() + 3 * 24 * HOUR).toISOString(),
  pictureId: 'p-contest',
  pictureUrl: null,
  prizeKind: 'merchandise',
  prizeTitleEn: 'Signed bat',
  prizeTitleHi: 'हस्ताक्षरित बल्ला',
  prizeValuePaise: 1_500_000,
  prizePictureId: null,
  prizePictureUrl: null,
  ticketPricePaise: 0,
  maxTickets: 75,
  totalTickets: 10_000,
  streamUrl: null,
  ticketsSold: 12,
  ticketsTaken: 12,
  revenuePaise: 0,
  refundedPaise: 0,
  entrants: 5,
  lockedFields: [],
  lockReason: null,
  editable: true,
  cancellable: true,
  cancelledAt: null,
  cancelReason: null,
  sponsor: null,
  prizeTdsPayer: 'winner',
  closable: false,
  reopenable: false,
  closedEarlyFrom: null,
  sealed: false,
  ...overrides,
});

const pictures = (kind: string) =>
  ok({
    items: [
      {
        id: `p-${kind}`,
        kind,
        width: 600,
        height: 200,
        bytes: 1000,
        mime: 'image/jpeg',
        createdAt: '2026-11-20T00:00:00.000Z',
        smallUrl: `/s/${kind}.jpg`,
        largeUrl: `/l/${kind}.jpg`,
        usedBy: [],
      },
    ],
    nextCursor: null,
  });

/** Next week's B window, a prize in kind and a contest picture, as GET /admin/contests/defaults answers. */
const defaultsAnswer = ok({
  slot: 'B',
  opensAt: istDate(2026, 11, 26, 12).toISOString(),
  closesAt: new Date(istDate(2026, 11, 30).getTime() - 1).toISOString(),
  showAt: istDate(2026, 11, 30, 21).toISOString(),
  pictureId: 'p-contest',
  prizePictureId: null,
  prizeTdsPayer: 'winner',
  prizeKind: 'merchandise',
  prizeTitleEn: 'Bat',
  prizeTitleHi: 'बल्ला',
  prizeValuePaise: 500_000,
  ticketPricePaise: 0,
  maxTickets: 75,
  totalTickets: 10_000,
});

describe('the contest form (issue 26)', () => {
  it('marks the required fields, asks who pays a prize in kind’s TDS, sends the sponsor, and links the contest in the way', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [], nextCursor: null }),
      'GET /admin/contests/defaults': () => defaultsAnswer,
      'GET /admin/pictures': (_body, params) => pictures((params as { kind: string }).kind),
      'POST /admin/contests': () =>
        fail(409, 'Another contest takes entries in this window.', 'CONTEST_WINDOW_OVERLAP', undefined, {
          contestId: 'c-other',
          windowKey: '2026-11-26-B',
          slot: 'B',
          opensAt: istDate(2026, 11, 26, 12).toISOString(),
          closesAt: new Date(istDate(2026, 11, 30).getTime() - 1).toISOString(),
        }),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'New contest' }));
    // Required fields are marked before the first submit; optional ones are not.
    expect(await screen.findByText('Required fields are marked')).toBeInTheDocument();
    for (const label of ['Opens', 'Closes', 'Live winner show', 'Prize title (English)', 'Ticket price (₹)'])
      expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Live show stream URL')).not.toBeRequired();
    expect(screen.getByLabelText('Sponsor’s name')).not.toBeRequired();
    // A prize in kind: its market value and who pays the TDS; a cash prize asks neither.
    expect(screen.getByLabelText('Market value of the prize (₹)')).toHaveValue('5000');
    const tds = screen.getByRole('group', { name: 'TDS on the prize in kind (section 194B)' });
    await user.click(within(tds).getByRole('radio', { name: 'Borne by the company' }));
    await user.selectOptions(screen.getByLabelText('Kind of prize'), 'cash');
    expect(screen.queryByRole('group', { name: /TDS on the prize in kind/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind of prize'), 'merchandise');
    // The sponsor: https only, checked before sending.
    await user.type(screen.getByLabelText('Sponsor’s name'), 'Acme Bats');
    await user.type(screen.getByLabelText('Sponsor’s link'), 'http://acme.example');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(await screen.findByText('The sponsor’s link must be a full https:// address.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Sponsor’s link'));
    await user.type(screen.getByLabelText('Sponsor’s link'), 'https://acme.example');
    const logos = screen.getByRole('group', { name: 'Sponsor’s logo' });
    await user.click(await within(logos).findByRole('radio', { name: /Photo 600 × 200/ }));
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    // The overlap refusal names the contest in the way and links to it.
    const alert = await screen.findByText(/This window overlaps contest B/);
    expect(within(alert).getByRole('link', { name: 'Open that contest' })).toHaveAttribute(
      'href',
      '/admin/contests/c-other',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      prizeKind: 'merchandise',
      prizeTdsPayer: 'company',
      sponsor: { name: 'Acme Bats', url: 'https://acme.example', pictureId: 'p-sponsor' },
    });
  });
});

describe('a schedule window held by a contest that closed early', () => {
  it('names that contest and links it, without calling it an overlap', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /admin/contests': () => ok({ items: [], nextCursor: null }),
      'GET /admin/contests/defaults': () => defaultsAnswer,
      'GET /admin/pictures': (_body, params) => pictures((params as { kind: string }).kind),
      'POST /admin/contests': () =>
        fail(409, CONTEST_ADMIN_MESSAGES.windowHeld, 'CONTEST_WINDOW_HELD', undefined, {
          contestId: 'c-early',
          windowKey: '2026-11-26-B',
          slot: 'B',
          opensAt: istDate(2026, 11, 26, 12).toISOString(),
          closesAt: istDate(2026, 11, 27, 18).toISOString(),
        }),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'New contest' }));
    await screen.findByLabelText('Opens');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    const alert = await screen.findByText(/holds this schedule window, though their times do not overlap/);
    expect(alert).toHaveTextContent(/^Contest B \(.+ to .+\) holds this schedule window/);
    expect(alert).not.toHaveTextContent(/overlaps contest/);
    expect(within(alert).getByRole('link', { name: 'Open that contest' })).toHaveAttribute(
      'href',
      '/admin/contests/c-early',
    );
  });
});

describe('Close now, Reopen and a replacement (issue 26)', () => {
  it('closes an open contest now with a reason, and says what happened', async () => {
    const user = userEvent.setup();
    let current = contest({ closable: true });
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [current], nextCursor: null }),
      'POST /admin/contests/c1/close': (body) => {
        current = contest({ state: 'closed', closable: false, reopenable: true, sealed: true });
        return (body as { reason: string }).reason.length >= 3
          ? ok(current, CONTEST_ADMIN_MESSAGES.closedNow)
          : fail(400, 'bad', 'VALIDATION_FAILED');
      },
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'Close now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close contest A now?' });
    expect(dialog).toHaveTextContent('Entries stop at once');
    await user.click(within(dialog).getByRole('button', { name: 'Close the contest now' }));
    expect(
      await within(dialog).findByText('Write why (at least 3 characters): it goes to the audit log'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Testing the judging early');
    await user.click(within(dialog).getByRole('button', { name: 'Close the contest now' }));
    expect(
      await screen.findByText('Contest A is closed. Judging opens once its entry list is sealed.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/admin/contests/c1/close',
      body: { reason: 'Testing the judging early' },
    });
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('reopens with a new close (offered: the one Close now replaced) and says what happens to the seal', async () => {
    const user = userEvent.setup();
    const scheduled = new Date(Date.now() + 2 * 24 * HOUR);
    scheduled.setUTCSeconds(59, 999);
    const calls = stubApi({
      'GET /admin/contests': () =>
        ok({
          items: [
            contest({
              state: 'closed',
              reopenable: true,
              sealed: true,
              closedEarlyFrom: scheduled.toISOString(),
              closesAt: new Date(Date.now() - HOUR).toISOString(),
            }),
          ],
          nextCursor: null,
        }),
      'POST /admin/contests/c1/reopen': () => ok(contest({ state: 'open', closesAt: scheduled.toISOString() })),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen contest A?' });
    expect(dialog).toHaveTextContent('reopening withdraws that seal');
    expect(within(dialog).getByLabelText('New close (IST)')).toBeRequired();
    await user.type(within(dialog).getByLabelText('Reason'), 'Closed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen the contest' }));
    expect(await screen.findByText(/Contest A takes entries again until/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/admin/contests/c1/reopen',
      body: { reason: 'Closed by mistake', closesAt: scheduled.toISOString() },
    });
  });

  it('offers a replacement for a cancelled contest: the rest of its window, same show and prize', async () => {
    const user = userEvent.setup();
    const cancelled = contest({
      state: 'cancelled',
      editable: false,
      cancellable: false,
      cancelledAt: new Date(Date.now() - HOUR).toISOString(),
      cancelReason: 'Rain stopped play.',
    });
    stubApi({
      'GET /admin/contests': () => ok({ items: [cancelled], nextCursor: null }),
      'GET /admin/pictures': (_body, params) => pictures((params as { kind: string }).kind),
    });
    await renderContestsPage();
    expect(
      await screen.findByText('Opens now and takes the rest of this window, with the same show.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a replacement' }));
    expect(await screen.findByRole('heading', { name: 'New contest' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prize title (English)')).toHaveValue('Signed bat');
    const opens = Date.parse(`${(screen.getByLabelText('Opens') as HTMLInputElement).value}:00+05:30`);
    expect(opens).toBeGreaterThan(Date.now() - 61_000);
    expect(opens).toBeLessThanOrEqual(Date.now());
    const closes = Date.parse(`${(screen.getByLabelText('Closes') as HTMLInputElement).value}:00+05:30`);
    expect(Math.abs(closes - Date.parse(cancelled.closesAt))).toBeLessThan(60_000);
  });

  it('opens one contest at its own address (where the overlap refusal links)', async () => {
    stubApi({
      'GET /account/me': adminMe,
      'GET /admin/contests': () => ok({ items: [], nextCursor: null }),
      'GET /admin/contests/c-other': () => ok(contest({ id: 'c-other', slot: 'B', closable: true })),
    });
    await renderConsole('/admin/contests/c-other');
    expect(await screen.findByRole('link', { name: 'All contests' })).toHaveAttribute('href', '/admin/contests');
    expect(await screen.findByText(/^Contest B ·/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close now' })).toBeInTheDocument();
  });
});

describe('Contest defaults (issue 26)', () => {
  const page = (source: 'console' | 'environment') =>
    ok({
      values: {
        pictureId: null,
        prizeKind: 'merchandise',
        prizeTitleEn: 'Signed cricket bat',
        prizeTitleHi: 'हस्ताक्षरित क्रिकेट बल्ला',
        prizeValuePaise: 1_500_000,
        prizePictureId: null,
        prizeTdsPayer: 'winner',
        ticketPricePaise: 4900,
        maxTickets: 75,
        totalTickets: 10_000,
      },
      source,
      pictureUrl: null,
      prizePictureUrl: null,
      updatedAt: source === 'console' ? '2026-11-27T05:00:00.000Z' : null,
    });

  it('shows where the defaults come from, checks and saves them, and hands them back to the environment', async () => {
    const user = userEvent.setup();
    let saved = false;
    const calls = stubApi({
      'GET /admin/contest-defaults': () => page('environment'),
      'GET /admin/pictures': (_body, params) => pictures((params as { kind: string }).kind),
      'PUT /admin/contest-defaults': () => {
        saved = true;
        return page('console');
      },
      'DELETE /admin/contest-defaults': () => page('environment'),
    });
    await renderScreen(<ContestDefaultsPage />, { path: '/admin/contest-defaults' });
    expect(await screen.findByText(/the server's environment values/)).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket price (₹)')).toHaveValue('49');
    expect(screen.getByLabelText('Max tickets per person')).toBeRequired();
    await user.clear(screen.getByLabelText('Max tickets per person'));
    await user.type(screen.getByLabelText('Max tickets per person'), '20000');
    await user.click(screen.getByRole('button', { name: 'Save the defaults' }));
    expect(await screen.findByText('At most 1000 tickets per person')).toBeInTheDocument();
    expect(saved).toBe(false);
    await user.clear(screen.getByLabelText('Max tickets per person'));
    await user.type(screen.getByLabelText('Max tickets per person'), '20');
    await user.clear(screen.getByLabelText('Ticket price (₹)'));
    await user.type(screen.getByLabelText('Ticket price (₹)'), '0');
    const picture = screen.getByRole('group', { name: 'Contest picture' });
    await user.click(await within(picture).findByRole('radio', { name: /Photo/ }));
    await user.click(screen.getByRole('button', { name: 'Save the defaults' }));
    expect(await screen.findByText(/Now: set here/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      pictureId: 'p-contest',
      prizeKind: 'merchandise',
      prizeTitleEn: 'Signed cricket bat',
      prizeTitleHi: 'हस्ताक्षरित क्रिकेट बल्ला',
      prizeValuePaise: 1_500_000,
      prizePictureId: null,
      prizeTdsPayer: 'winner',
      ticketPricePaise: 0,
      maxTickets: 20,
      totalTickets: 10_000,
    });
    await user.click(screen.getByRole('button', { name: "Use the environment's values" }));
    expect(await screen.findByText(/the server's environment values/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('reads in Hindi', async () => {
    stubApi({
      'GET /admin/contest-defaults': () => page('console'),
      'GET /admin/pictures': (_body, params) => pictures((params as { kind: string }).kind),
    });
    await renderScreen(<ContestDefaultsPage />, { path: '/admin/contest-defaults', lng: 'hi' });
    expect(await screen.findByRole('heading', { name: 'प्रतियोगिता के डिफ़ॉल्ट' })).toBeInTheDocument();
    expect(screen.getByText(/अभी: यहाँ तय किए गए/)).toBeInTheDocument();
  });
});
