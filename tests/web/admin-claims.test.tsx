import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminClaimRow } from '../../domain/results.ts';
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

describe('Console > Prize claims', () => {
  it('lists claims with their status and amounts, shows the details on request and moves a claim on', async () => {
    let current = row();
    const calls = stubApi({
      'GET /account/me': () => me,
      'GET /admin/claims/tds': () => ok({ rateBp: 3000, thresholdPaise: 1_000_000 }),
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
