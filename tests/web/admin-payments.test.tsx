import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPayment, AdminPaymentCounts } from '../../domain/admin-payments.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole } from '../support/render-console.tsx';

const counts: AdminPaymentCounts = {
  successful: { count: 12, amountPaise: 184_896 },
  refunded: { count: 2, amountPaise: 30_816 },
  refundDue: { count: 1, amountPaise: 15_408 },
  invoices: 12,
  creditNotes: 2,
};
const refunded: AdminPayment = {
  id: 'p1',
  refNo: 'CS20261121ABCD1234',
  txnId: 'pay_1',
  status: 'success',
  amountPaise: 15_408,
  createdAt: '2026-11-21T06:30:00.000Z',
  playerName: 'Ravi Kumar',
  contest: { id: 'c1', slot: 'A', opensAt: '2026-11-23T06:30:00.000Z', state: 'cancelled' },
  ticketCount: 3,
  placeOfSupply: '27',
  refund: {
    amountPaise: 15_408,
    refundedAt: '2026-11-22T04:30:00.000Z',
    refundId: 'rfnd_1',
    reason: 'The contest was cancelled; the amount is refunded.',
  },
  refundDue: false,
  invoice: { number: 'CS/26-27/000001', issuedAt: '2026-11-21T06:30:00.000Z' },
  creditNote: { number: 'CN/26-27/000001', issuedAt: '2026-11-22T04:30:00.000Z' },
};
const due: AdminPayment = {
  ...refunded,
  id: 'p2',
  refNo: 'CS20261121EFGH5678',
  ticketCount: 1,
  placeOfSupply: null,
  refund: null,
  refundDue: true,
  invoice: { number: 'CS/26-27/000002', issuedAt: '2026-11-21T06:30:00.000Z' },
  creditNote: null,
};

describe('Admin > Payments and refunds', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('counts what came in and what went back, and lists each payment with its refund and its documents', async () => {
    const calls = stubApi({
      'GET /account/me': adminMe,
      'GET /admin/payments/counts': () => ok(counts),
      'GET /admin/payments': () => ok({ items: [refunded, due], nextCursor: null }),
    });
    await renderConsole('/admin/payments');
    // The area is its own lazy chunk: its first load may take a moment.
    const countsList = await screen.findByLabelText('Payment counts', undefined, { timeout: 5000 });
    expect(countsList).toHaveTextContent('Successful payments12 ₹1,848.96');
    expect(countsList).toHaveTextContent('Refunded2 ₹308.16');
    expect(countsList).toHaveTextContent('Refunds due1 ₹154.08');
    expect(countsList).toHaveTextContent('12 invoices, 2 credit notes');

    const list = await screen.findByRole('list', { name: 'Payments and refunds' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('CS20261121ABCD1234');
    expect(first).toHaveTextContent('Ravi Kumar · Contest A (opens 23 Nov 2026, 12:00) · 3 tickets');
    expect(within(first!).getByText('Success')).toHaveClass('status-chip--active');
    expect(within(first!).getByText('Refunded')).toHaveClass('status-chip--refunded');
    expect(first).toHaveTextContent('₹154.08 refunded 22 Nov 2026, 10:00 IST (gateway refund rfnd_1)');
    expect(first).toHaveTextContent('Place of supply: Maharashtra (27)');
    expect(within(first!).getByRole('link', { name: 'Credit note CN/26-27/000001' })).toHaveAttribute(
      'href',
      '/api/v1/admin/payments/p1/credit-note',
    );
    expect(within(first!).getByRole('link', { name: 'Invoice CS/26-27/000001' })).toHaveAttribute(
      'href',
      '/api/v1/admin/payments/p1/invoice',
    );
    expect(within(second!).getByText('Refund due')).toHaveClass('status-chip--pending');
    expect(second).toHaveTextContent('1 ticket ·');
    expect(second).toHaveTextContent("Place of supply: the seller's state");
    expect(within(second!).queryByRole('link', { name: /Credit note/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Refunded');
    await userEvent.type(screen.getByLabelText('Ref. No'), 'cs2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('list', { name: 'Payments and refunds' });
    expect(calls.filter((c) => c.url === '/admin/payments').at(-1)?.params).toMatchObject({
      show: 'refunded',
      refNo: 'cs2026',
    });
  });

  it('speaks Hindi', async () => {
    stubApi({
      'GET /account/me': adminMe,
      'GET /admin/payments/counts': () => ok(counts),
      'GET /admin/payments': () => ok({ items: [refunded], nextCursor: null }),
    });
    await renderConsole('/admin/payments', 'hi');
    expect(await screen.findByRole('heading', { name: 'भुगतान और रिफ़ंड' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('रिफ़ंड हुआ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'क्रेडिट नोट CN/26-27/000001' })).toBeInTheDocument();
  });
});
