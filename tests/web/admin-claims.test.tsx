import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminClaimRow, UnclaimedWinner } from '../../domain/results.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { renderConsole } from '../support/render-console.tsx';

const original = http.defaults.adapter;
beforeEach(() => loginMarker.set());
afterEach(() => {
  loginMarker.clear();
  http.defaults.adapter = original;
});

const me = ok({
  user: {
    id: 'u1',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@cricspot.in',
    phone: '+919876543210',
    status: 'active',
    roles: ['admin'],
    avatarUrl: null,
    hasPassword: true,
  },
});
const row = (overrides: Partial<AdminClaimRow> = {}): AdminClaimRow => ({
  id: 'k1',
  contestId: 'c1',
  slot: 'A',
  showAt: '2026-11-19T15:30:00.000Z',
  prizeTitle: 'Cash prize of ₹25,000',
  prizeKind: 'cash',
  winnerName: 'Ravi Kumar',
  state: 'Maharashtra',
  status: 'submitted',
  grossPaise: 2_500_000,
  tdsPaise: 750_000,
  netPaise: 1_750_000,
  note: null,
  submittedAt: '2026-11-20T05:00:00.000Z',
  verifiedAt: null,
  sentAt: null,
  ...overrides,
});

const unclaimed = (overrides: Partial<UnclaimedWinner> = {}): UnclaimedWinner => ({
  contestId: 'c7',
  windowKey: '2026-11-21-B',
  slot: 'B',
  winnerName: 'Meera',
  prizeTitle: 'Cricket kit',
  prizeKind: 'merchandise',
  prizeValuePaise: 1_500_000,
  publishedAt: '2026-11-22T13:00:00.000Z',
  showAt: '2026-11-22T14:30:00.000Z',
  publicSince: '2026-11-22T14:30:00.000Z',
  daysAgo: 4,
  ...overrides,
});

describe('Console > Prize claims', () => {
  it('lists the winners who have not claimed yet, newest first, with how long each has waited', async () => {
    stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims': () => ok({ claims: [row()], nextCursor: null }),
      'GET /admin/claims/unclaimed': () =>
        ok({
          winners: [
            unclaimed({
              contestId: 'c9',
              windowKey: '2026-11-25-A',
              slot: 'A',
              winnerName: 'Arjun',
              prizeTitle: 'Cash prize of ₹25,000',
              prizeKind: 'cash',
              prizeValuePaise: 2_500_000,
              daysAgo: 0,
            }),
            unclaimed({ contestId: 'c8', windowKey: '2026-11-24-B', winnerName: 'Kiran', daysAgo: 1 }),
            unclaimed(),
          ],
        }),
    });
    await renderConsole('/admin/claims');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Not claimed yet' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem', {}, { timeout: 3000 });
    const winners = items.filter((item) => item.classList.contains('claim-item'));
    expect(winners.map((item) => within(item).getByText(/^Contest [AB] of /).textContent)).toEqual([
      'Contest A of 25 November 2026',
      'Contest B of 24 November 2026',
      'Contest B of 21 November 2026',
    ]);
    const meera = winners[2]!;
    expect(within(meera).getByText('Meera')).toBeInTheDocument();
    expect(within(meera).getByText('Prize: Cricket kit, worth ₹15,000.00')).toBeInTheDocument();
    expect(within(meera).getByText('Public 4 days ago')).toBeInTheDocument();
    expect(within(meera).getByText(/^Result published .* IST$/)).toBeInTheDocument();
    expect(within(meera).getByText(/^Show .* IST$/)).toBeInTheDocument();
    expect(within(winners[1]!).getByText('Public 1 day ago')).toBeInTheDocument();
    expect(within(winners[0]!).getByText('Public today')).toBeInTheDocument();
    // The submitted claims are still listed below.
    expect(screen.getByText('Ravi Kumar · Maharashtra')).toBeInTheDocument();
  });

  it('says in Hindi when every winner has claimed', async () => {
    stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims': () => ok({ claims: [], nextCursor: null }),
      'GET /admin/claims/unclaimed': () => ok({ winners: [] }),
    });
    await renderConsole('/admin/claims', 'hi');
    expect(await screen.findByRole('heading', { level: 2, name: 'अभी तक दावा नहीं किया' })).toBeInTheDocument();
    expect(await screen.findByText('हर सार्वजनिक नतीजे के विजेता ने अपने इनाम का दावा कर दिया है।')).toBeInTheDocument();
  });

  it('names the waiting winner in Hindi', async () => {
    stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims': () => ok({ claims: [], nextCursor: null }),
      'GET /admin/claims/unclaimed': () => ok({ winners: [unclaimed()] }),
    });
    await renderConsole('/admin/claims', 'hi');
    const item = (await screen.findByText('Meera')).closest('li')!;
    expect(within(item).getByText(/^प्रतियोगिता B \(21 नवंबर 2026\)$/)).toBeInTheDocument();
    expect(within(item).getByText('4 दिन पहले सार्वजनिक हुआ')).toBeInTheDocument();
    expect(within(item).getByText('इनाम: Cricket kit, मूल्य ₹15,000.00')).toBeInTheDocument();
  });

  it('lists claims with their status and amounts, shows the details on request and moves a claim on', async () => {
    let current = row();
    const calls = stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims/unclaimed': () => ok({ winners: [] }),
      'GET /admin/claims': () => ok({ claims: [current], nextCursor: null }),
      'GET /admin/claims/k1': () =>
        ok({
          ...current,
          email: 'ravi@gmail.com',
          phone: '+919812345678',
          details: {
            fullName: 'Ravi Kumar',
            pan: 'ABCDE1234F',
            address: { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
            payout: { method: 'upi', upiId: 'ravi@okaxis' },
          },
        }),
      'POST /admin/claims/k1/status': (body) => {
        const { status, note } = body as { status: 'verified' | 'sent'; note: string };
        current = row({
          status,
          note: note || null,
          verifiedAt: '2026-11-21T05:00:00.000Z',
          sentAt: status === 'sent' ? '2026-11-22T05:00:00.000Z' : null,
        });
        return ok(current);
      },
    });
    await renderConsole('/admin/claims');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prize claims' })).toBeInTheDocument();
    const item = (await screen.findByText('Ravi Kumar · Maharashtra')).closest('li')!;
    expect(within(item).getByText('Submitted')).toBeInTheDocument();
    expect(within(item).getByText('Prize ₹25,000.00 · TDS ₹7,500.00 · net ₹17,500.00')).toBeInTheDocument();
    expect(within(item).queryByText('ABCDE1234F')).toBeNull();

    fireEvent.click(within(item).getByRole('button', { name: 'Show details (audited)' }));
    expect(await within(item).findByText('ABCDE1234F')).toBeInTheDocument();
    expect(within(item).getByText('UPI ravi@okaxis')).toBeInTheDocument();

    fireEvent.change(within(item).getByLabelText('Note to the winner (optional)'), {
      target: { value: 'PAN checked' },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Mark verified' }));
    expect(await screen.findByRole('button', { name: 'Mark prize sent' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'verified', note: 'PAN checked' });

    // The verified step's note is shown, and does not go again with the next step.
    expect(await screen.findByText('Note with this step: PAN checked')).toBeInTheDocument();
    expect(screen.getByLabelText('Note to the winner (optional)')).toHaveValue('');
    expect(screen.getByRole('button', { name: "Change this step's note" })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Mark prize sent' }));
    expect(await screen.findByText(/^Sent /)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ status: 'sent', note: '' });
    expect(screen.queryByText(/Note with this step/)).toBeNull();
  });

  it('says "submitted" and "prize sent" apart in Hindi', async () => {
    stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims/unclaimed': () => ok({ winners: [] }),
      'GET /admin/claims': () =>
        ok({
          claims: [
            row(),
            row({
              id: 'k2',
              winnerName: 'Priya Nair',
              status: 'sent',
              verifiedAt: '2026-11-21T05:00:00.000Z',
              sentAt: '2026-11-22T05:00:00.000Z',
            }),
          ],
          nextCursor: null,
        }),
    });
    await renderConsole('/admin/claims', 'hi');
    const submitted = (await screen.findByText('Ravi Kumar · Maharashtra')).closest('li')!;
    const sent = screen.getByText('Priya Nair · Maharashtra').closest('li')!;
    expect(within(submitted).getByText('जमा किया')).toBeInTheDocument();
    expect(within(submitted).getByText(/^जमा किया .* IST$/)).toBeInTheDocument();
    expect(within(sent).getByText('इनाम भेजा गया')).toBeInTheDocument();
    expect(within(sent).getByText(/^इनाम भेजा गया .* IST$/)).toBeInTheDocument();
    expect(screen.queryByText(/^भेजा गया/)).toBeNull();
  });

  it('filters by status and says when nothing matches, in Hindi', async () => {
    const calls = stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims/unclaimed': () => ok({ winners: [] }),
      'GET /admin/claims': () => ok({ claims: [], nextCursor: null }),
    });
    await renderConsole('/admin/claims', 'hi');
    expect(await screen.findByText('इस छँटाई से अभी कोई दावा मेल नहीं खाता।')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('स्थिति'), { target: { value: 'sent' } });
    fireEvent.click(screen.getByRole('button', { name: 'दिखाएँ' }));
    await screen.findByText('इस छँटाई से अभी कोई दावा मेल नहीं खाता।');
    expect(calls.filter((c) => c.url === '/admin/claims').length).toBeGreaterThanOrEqual(2);
  });

  it('shows and saves the TDS rule, refusing a rate above 100%', async () => {
    const calls = stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims': () => ok({ claims: [], nextCursor: null }),
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
      'GET /admin/claims/unclaimed': () => ok({ winners: [] }),
      'POST /admin/claims/tds': (body) => ok(body),
    });
    await renderConsole('/admin/claims');
    expect(await screen.findByText('Now: 30% of the whole prize when it is above ₹10,000.00.')).toBeInTheDocument();
    expect(screen.getByLabelText('Rate (%)')).toHaveValue('30');
    expect(screen.getByLabelText('Threshold (₹)')).toHaveValue('10000');
    fireEvent.change(screen.getByLabelText('Rate (%)'), { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the TDS rule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a rate between 0 and 100');
    fireEvent.change(screen.getByLabelText('Rate (%)'), { target: { value: '31.2' } });
    fireEvent.change(screen.getByLabelText('Threshold (₹)'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the TDS rule' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The TDS rule has been saved.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ rateBp: 3120, thresholdPaise: 500_000 });
    expect(screen.getByText('Now: 31.2% of the whole prize when it is above ₹5,000.00.')).toBeInTheDocument();
  });
});
