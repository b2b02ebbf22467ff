import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdminContest, CONTEST_ADMIN_MESSAGES, type ContestCounters } from '../../domain/admin-contests.ts';
import { istDate } from '../../domain/schedule.ts';
import { http } from '../../src/api/http.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { renderContestsPage } from '../support/render-console.tsx';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

const contest = (overrides: Partial<AdminContest> = {}): AdminContest => ({
  id: 'c1',
  windowKey: '2026-11-23-A',
  slot: 'A',
  state: 'open',
  opensAt: istDate(2026, 11, 23, 12).toISOString(),
  closesAt: new Date(istDate(2026, 11, 26).getTime() - 1).toISOString(),
  showAt: istDate(2026, 11, 26, 21).toISOString(),
  pictureId: 'p-contest',
  pictureUrl: '/api/v1/pictures/p-contest/small',
  prizeKind: 'cash',
  prizeTitleEn: 'Cash prize',
  prizeTitleHi: 'नकद इनाम',
  prizeValuePaise: 2_500_000,
  prizePictureId: null,
  prizePictureUrl: null,
  ticketPricePaise: 4900,
  maxTickets: 75,
  totalTickets: 10_000,
  streamUrl: null,
  ticketsSold: 120,
  ticketsTaken: 124,
  revenuePaise: 705_600,
  refundedPaise: 0,
  entrants: 37,
  lockedFields: ['price', 'picture', 'window'],
  lockReason: CONTEST_ADMIN_MESSAGES.locked,
  editable: true,
  cancellable: true,
  cancelledAt: null,
  cancelReason: null,
  ...overrides,
});

const pictures = (kind: string) =>
  ok({
    items: [
      {
        id: `p-${kind}-2`,
        kind,
        width: 1600,
        height: 1000,
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

describe('the contests console', () => {
  it('lists contests with their state and figures', async () => {
    stubApi({
      'GET /admin/contests': () =>
        ok({
          items: [
            contest(),
            contest({
              id: 'c0',
              slot: 'B',
              state: 'cancelled',
              editable: false,
              cancellable: false,
              cancelReason: 'Rain',
              cancelledAt: '2026-11-20T10:00:00.000Z',
              refundedPaise: 705_600,
            }),
          ],
          nextCursor: null,
        }),
    });
    await renderContestsPage();
    const items = await screen.findAllByRole('listitem');
    const first = items[0]!;
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(first).getByText('120 / 10,000')).toBeInTheDocument();
    expect(within(first).getByText('₹7,056.00')).toBeInTheDocument();
    expect(within(first).getByText('37')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Rain/)).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows price, picture and window locked with the reason once tickets are sold, and saves what may change', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [contest()], nextCursor: null }),
      'GET /admin/pictures': () => pictures('prize'),
      'PUT /admin/contests/c1': (body) =>
        ok(contest({ prizeTitleEn: (body as { prizeTitleEn: string }).prizeTitleEn })),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    expect(screen.getAllByText(CONTEST_ADMIN_MESSAGES.locked, { exact: false }).length).toBeGreaterThanOrEqual(3);
    for (const label of ['Opens', 'Closes', 'Live winner show', 'Ticket price (₹)'])
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Opens')).toHaveValue('2026-11-23T12:00');
    expect(screen.getByLabelText('Closes')).toHaveValue('2026-11-25T23:59');
    // The contest picture shows as it is, with no choice offered; the prize photo can still be picked.
    const contestPicker = screen.getByRole('group', { name: 'Contest picture' });
    expect(within(contestPicker).queryByRole('radio')).toBeNull();
    expect(within(contestPicker).getByRole('img', { name: 'The current picture' })).toBeInTheDocument();
    const prizePicker = screen.getByRole('group', { name: 'Prize photo on the home card (optional)' });
    await user.click(await within(prizePicker).findByRole('radio', { name: /Photo 1600 × 1000/ }));
    expect(screen.getByLabelText('Prize title (English)')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Total tickets')).toHaveAccessibleDescription('At least 124: tickets already taken.');

    expect(screen.getByLabelText('Prize title (Hindi)')).not.toHaveAccessibleDescription(/check that the Hindi/);
    await user.clear(screen.getByLabelText('Prize title (English)'));
    await user.type(screen.getByLabelText('Prize title (English)'), 'Signed bat');
    // The Hindi title, left as it was, may now name another prize: the form says to check it.
    expect(screen.getByLabelText('Prize title (Hindi)')).toHaveAccessibleDescription(
      'You changed the English title: check that the Hindi one names the same prize.',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({
      opensAt: contest().opensAt,
      closesAt: contest().closesAt,
      showAt: contest().showAt,
      pictureId: 'p-contest',
      ticketPricePaise: 4900,
      prizeTitleEn: 'Signed bat',
      prizePictureId: 'p-prize-2',
      prizeValuePaise: 2_500_000,
      streamUrl: null,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Contest A has been saved.');
  });

  it('shows the lock and the rule messages in Hindi', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /admin/contests': () => ok({ items: [contest()], nextCursor: null }),
      'GET /admin/pictures': () => pictures('prize'),
    });
    await renderContestsPage('hi');
    await user.click(await screen.findByRole('button', { name: 'बदलें' }));
    expect(screen.getAllByText(/इस प्रतियोगिता के टिकट बिक चुके हैं/).length).toBeGreaterThanOrEqual(3);
    await user.clear(screen.getByLabelText('इनाम का नाम (हिंदी)'));
    await user.click(screen.getByRole('button', { name: 'बदलाव सहेजें' }));
    expect(await screen.findByText('इनाम का नाम हिंदी में दें')).toBeInTheDocument();
  });

  it('sends a window left untouched with its exact instants, seconds and all', async () => {
    const user = userEvent.setup();
    const odd = contest({ closesAt: '2026-11-25T18:29:30.500Z', lockedFields: [], lockReason: null });
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [odd], nextCursor: null }),
      'GET /admin/pictures': () => pictures('contest'),
      'PUT /admin/contests/c1': () => ok(odd),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Closes')).toHaveValue('2026-11-25T23:59');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        opensAt: odd.opensAt,
        closesAt: '2026-11-25T18:29:30.500Z',
        showAt: odd.showAt,
      }),
    );
  });

  it('starts a new contest from the schedule defaults and refuses a plain http stream link before sending', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [], nextCursor: null }),
      'GET /admin/contests/defaults': () =>
        ok({
          slot: 'B',
          opensAt: istDate(2026, 11, 26, 12).toISOString(),
          closesAt: new Date(istDate(2026, 11, 30).getTime() - 1).toISOString(),
          showAt: istDate(2026, 11, 30, 21).toISOString(),
          prizeKind: 'merchandise',
          prizeTitleEn: 'Bat',
          prizeTitleHi: 'बल्ला',
          prizeValuePaise: 500_000,
          ticketPricePaise: 0,
          maxTickets: 75,
          totalTickets: 10_000,
        }),
      'GET /admin/pictures': () => pictures('contest'),
      'POST /admin/contests': () => fail(409, CONTEST_ADMIN_MESSAGES.overlap, 'CONTEST_WINDOW_OVERLAP'),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'New contest' }));
    expect(await screen.findByLabelText('Opens')).toHaveValue('2026-11-26T12:00');
    expect(screen.getByLabelText('Opens')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Ticket price (₹)')).toHaveValue('0');
    expect(screen.getByLabelText('Market value of the prize (₹)')).toHaveValue('5000');
    const pickers = screen.getAllByRole('group', { name: 'Contest picture' });
    await user.click(await within(pickers[0]!).findByRole('radio', { name: /Photo/ }));
    await user.type(screen.getByLabelText('Live show stream URL'), 'http://example.com/live');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(await screen.findByText(CONTEST_ADMIN_MESSAGES.streamHttps)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Live show stream URL'));
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(await screen.findByText(CONTEST_ADMIN_MESSAGES.overlap)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!.body;
    expect(post).toMatchObject({
      pictureId: 'p-contest-2',
      ticketPricePaise: 0,
      prizeKind: 'merchandise',
      prizePictureId: null,
      streamUrl: null,
    });
  });

  it('decides a new contest by a sealed answer typed as X and Y; an open one keeps who decides', async () => {
    const user = userEvent.setup();
    const sealedContest = contest({
      id: 'c2',
      decidedBy: 'sealedAnswer',
      commitment: { hash: 'f'.repeat(64), committedAt: '2026-11-22T06:30:00.000Z' },
    });
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [sealedContest], nextCursor: null }),
      'GET /admin/contests/defaults': () =>
        ok({
          slot: 'B',
          opensAt: istDate(2026, 11, 26, 12).toISOString(),
          closesAt: new Date(istDate(2026, 11, 30).getTime() - 1).toISOString(),
          showAt: istDate(2026, 11, 30, 21).toISOString(),
          prizeKind: 'merchandise',
          prizeTitleEn: 'Bat',
          prizeTitleHi: 'बल्ला',
          prizeValuePaise: 500_000,
          ticketPricePaise: 0,
          maxTickets: 75,
          totalTickets: 10_000,
        }),
      'GET /admin/pictures': () => pictures('contest'),
      'POST /admin/contests': () => fail(409, CONTEST_ADMIN_MESSAGES.overlap, 'CONTEST_WINDOW_OVERLAP'),
    });
    const view = await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'New contest' }));
    const pickers = await screen.findAllByRole('group', { name: 'Contest picture' });
    await user.click(await within(pickers[0]!).findByRole('radio', { name: /Photo/ }));
    const decision = screen.getByRole('group', { name: 'Who decides the ball position' });
    expect(within(decision).getByRole('radio', { name: "The judges' panel: the mean of their marks" })).toBeChecked();
    expect(within(decision).queryByLabelText(/Ball X/)).not.toBeInTheDocument();
    await user.click(
      within(decision).getByRole('radio', { name: 'A sealed answer: the true ball position in the original photo' }),
    );
    await user.type(within(decision).getByLabelText('Ball X (pixels of the original photo)'), '812');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(
      await within(decision).findByText(
        'A contest decided by a sealed answer needs the true ball position (X and Y) inside the picture.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(decision).getByLabelText('Ball Y (pixels of the original photo)'), '455');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    await screen.findByText(CONTEST_ADMIN_MESSAGES.overlap);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      decidedBy: 'sealedAnswer',
      answerPoint: { x: 812, y: 455 },
    });
    view.unmount();

    // Open: the commitment is public, so who decides can no longer change.
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    const locked = await screen.findByRole('group', { name: 'Who decides the ball position' });
    expect(locked).toBeDisabled();
    expect(
      within(locked).getByText(`Sealed answer on file: ${'f'.repeat(64)}. Leave X and Y empty to keep it.`),
    ).toBeInTheDocument();
    expect(
      within(locked).getByText('Can no longer change: the sealed answer is public once the contest opens.'),
    ).toBeInTheDocument();
  });

  it('cancels only with a reason and after a confirm step', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [contest()], nextCursor: null }),
      'POST /admin/contests/c1/cancel': () => ok(contest({ state: 'cancelled' })),
    });
    await renderContestsPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel contest' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/reason/);
    await user.type(screen.getByLabelText('Why is it cancelled?'), 'The picture leaked.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('120 tickets of 37 players: ₹7,056.00 will be refunded');
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the contest' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/cancel'))?.body).toEqual({ reason: 'The picture leaked.' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Contest A has been cancelled.');
  });

  const counters = (overrides: Partial<ContestCounters> = {}): ContestCounters => ({
    contestId: 'c1',
    windowKey: '2026-11-23-A',
    slot: 'A',
    state: 'open',
    opensAt: contest().opensAt,
    closesAt: contest().closesAt,
    takenCounter: 124,
    takenActual: 124,
    players: 37,
    playersMismatched: 0,
    ok: true,
    ...overrides,
  });

  it('checks the ticket counters and recounts a contest whose counters differ', async () => {
    const user = userEvent.setup();
    const drifted = counters({
      contestId: 'c2',
      windowKey: '2026-11-19-B',
      slot: 'B',
      takenCounter: 130,
      players: 37,
      playersMismatched: 2,
      ok: false,
    });
    const calls = stubApi({
      'GET /admin/contests': () => ok({ items: [contest()], nextCursor: null }),
      'POST /admin/contests/counters/check': () =>
        ok({ checkedAt: '2026-11-23T08:00:00.000Z', contests: [counters(), drifted] }),
      'POST /admin/contests/c2/counters/repair': () =>
        ok({ before: drifted, after: { ...drifted, takenCounter: 124, playersMismatched: 0, ok: true } }),
    });
    await renderContestsPage();
    const panel = await screen.findByRole('region', { name: 'Ticket counters' });
    await user.click(within(panel).getByRole('button', { name: 'Check the counters' }));
    expect(
      await within(panel).findByText(/Counters differ from the tickets in 1 of the 2 contests checked\./),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/Checked 23 Nov 2026, 13:30/)).toBeInTheDocument();
    const [fine, wrong] = within(panel).getAllByRole('listitem');
    expect(within(fine!).getByText('Match')).toBeInTheDocument();
    expect(within(fine!).queryByRole('button')).toBeNull();
    expect(within(wrong!).getByText('Differ')).toBeInTheDocument();
    expect(wrong).toHaveTextContent('Tickets taken: counter 130, tickets 124.');
    expect(wrong).toHaveTextContent('Players holding tickets: 37, with a wrong count: 2.');
    expect(calls.filter((c) => c.url.endsWith('/repair'))).toEqual([]);

    await user.click(within(wrong!).getByRole('button', { name: 'Recount from the tickets' }));
    expect(
      await within(wrong!).findByText('Recounted: tickets taken 130 → 124. The counters now match the tickets.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/admin/contests/c2/counters/repair')).toHaveLength(1);
    expect(within(wrong!).getByText('Match')).toBeInTheDocument();
    expect(within(wrong!).queryByRole('button')).toBeNull();
  });

  it('says so when the check or a recount fails, and speaks Hindi', async () => {
    const user = userEvent.setup();
    let checks = 0;
    stubApi({
      'GET /admin/contests': () => ok({ items: [contest()], nextCursor: null }),
      'POST /admin/contests/counters/check': () =>
        ++checks === 1
          ? fail(500, 'Something went wrong on our side.')
          : ok({
              checkedAt: '2026-11-23T08:00:00.000Z',
              contests: [counters({ takenCounter: 3, takenActual: 2, ok: false })],
            }),
      'POST /admin/contests/c1/counters/repair': () => fail(404, CONTEST_ADMIN_MESSAGES.notFound, 'CONTEST_NOT_FOUND'),
    });
    await renderContestsPage('hi');
    const panel = await screen.findByRole('region', { name: 'टिकट काउंटर' });
    await user.click(within(panel).getByRole('button', { name: 'काउंटर जाँचें' }));
    expect(await within(panel).findByRole('alert')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'काउंटर जाँचें' }));
    expect(
      await within(panel).findByText(/जाँची गई 1 प्रतियोगिताओं में से 1 के काउंटर टिकटों से मेल नहीं खाते/),
    ).toBeInTheDocument();
    expect(within(panel).getByText('मेल नहीं खाते')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'टिकटों से दोबारा गिनें' }));
    // The server's refusal in the reader's language.
    expect(await within(panel).findByRole('alert')).toHaveTextContent('यह प्रतियोगिता मौजूद नहीं है।');
  });
});
