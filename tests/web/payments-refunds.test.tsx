import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '../../domain/payments.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { renderAt } from './payments-render.tsx';

// Refunds on /payments (issue 26): the payment keeps its status, the refund shows beside it with
// the amount and the day, and the credit note downloads beside the invoice.

const original = http.defaults.adapter;
beforeEach(() => {
  loginMarker.set();
});
afterEach(() => {
  http.defaults.adapter = original;
  loginMarker.clear();
});

const payment = (over: Partial<PaymentAnswer> = {}): PaymentAnswer => ({
  id: 'p1',
  status: 'success',
  refNo: 'SPB-0001',
  txnId: 'pay_1',
  amountPaise: 10000,
  createdAt: '2026-11-21T06:30:00.000Z',
  phone: '9876543210',
  contestId: 'c1',
  orderId: 'order_1',
  promoCode: null,
  failureReason: null,
  failureCode: null,
  retry: null,
  refunded: false,
  refund: null,
  refundPending: false,
  refundCode: null,
  invoice: { number: 'CS/26-27/000001', issuedAt: '2026-11-21T06:30:00.000Z' },
  creditNote: null,
  contest: { slot: 'A', closesAt: '2026-11-25T18:29:59.999Z', showAt: '2026-11-26T15:30:00.000Z' },
  ticketCount: 2,
  ...over,
});

function stub(one: StubAnswer, list: StubAnswer = ok([])) {
  return stubApi({ 'GET /payments/p1': () => one, 'GET /payments': () => list });
}

describe('/payments: refunds', () => {
  it('says a refunded payment is Refunded, with the amount and the day, beside its status, and offers its credit note', async () => {
    stub(
      ok(payment()),
      ok([
        payment({
          status: 'success',
          txnId: 'pay_ABC',
          refunded: true,
          refund: { amountPaise: 10000, refundedAt: '2026-11-22T04:30:00.000Z', reason: 'The contest was cancelled.' },
          invoice: { number: 'CS/26-27/000001', issuedAt: '2026-11-21T06:30:00.000Z' },
          creditNote: { number: 'CN/26-27/000001', issuedAt: '2026-11-22T04:30:00.000Z' },
        }),
        payment({ id: 'p2', refNo: 'SPB-0002', status: 'success', refundPending: true }),
      ]),
    );
    await renderAt('/payments');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const refunded = within(rows[0] as HTMLElement);
    // The spec's status stays; the refund is its own chip with what went back and when.
    expect(refunded.getByText('Success')).toHaveClass('status-chip--good');
    expect(refunded.getByText('Refunded')).toHaveClass('status-chip', 'status-chip--refund');
    expect(refunded.getByText('₹100 on 22 Nov 2026')).toBeInTheDocument();
    expect(refunded.getByRole('link', { name: 'Download invoice' })).toHaveAttribute(
      'href',
      '/api/v1/payments/p1/invoice',
    );
    const note = refunded.getByRole('link', { name: 'Download credit note' });
    expect(note).toHaveAttribute('href', '/api/v1/payments/p1/credit-note');
    expect(note).toHaveAttribute('download');
    // A refund the gateway has not made yet: on its way, no credit note.
    const waiting = within(rows[1] as HTMLElement);
    expect(waiting.getByText('Refund on its way')).toHaveClass('status-chip--wait');
    expect(waiting.queryByRole('link', { name: 'Download credit note' })).not.toBeInTheDocument();
  });

  it('says the refund on the payment’s own status panel, in Hindi too', async () => {
    const refunded = payment({
      status: 'success',
      refunded: true,
      refund: { amountPaise: 15408, refundedAt: '2026-11-22T04:30:00.000Z', reason: null },
      creditNote: { number: 'CN/26-27/000002', issuedAt: '2026-11-22T04:30:00.000Z' },
    });
    stub(ok(refunded));
    await renderAt('/payments?payment=p1', 'hi');
    const panel = await screen.findByTestId('payment-status');
    expect(await within(panel).findByText('रिफ़ंड हो गया')).toBeInTheDocument();
    expect(within(panel).getByText(/पूरी राशि उसी तरीके में लौटा दी गई है/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'क्रेडिट नोट डाउनलोड करें' })).toHaveAttribute(
      'href',
      '/api/v1/payments/p1/credit-note',
    );
  });

  it('says why money that bought no tickets went back, and sends the player to the cart to enter free (paid play switched off while paying)', async () => {
    const paidPlayOff = payment({
      status: 'error',
      refunded: true,
      refund: { amountPaise: 5136, refundedAt: '2026-11-22T04:30:00.000Z', reason: 'Paid play was suspended.' },
      refundCode: 'paidPlayOff',
      invoice: null,
    });
    stub(ok(paidPlayOff), ok([paidPlayOff]));
    await renderAt('/payments?payment=p1');
    const panel = await screen.findByTestId('payment-status');
    expect(await within(panel).findByRole('heading', { name: 'Payment refunded' })).toBeInTheDocument();
    expect(within(panel).queryByText('Something went wrong with this payment')).not.toBeInTheDocument();
    expect(within(panel).getByText(/Paid play was suspended before your payment arrived/)).toBeInTheDocument();
    // No invoice was issued, so no credit note is promised.
    expect(within(panel).getByText(/banks take 5-7 working days to show it\.$/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    // The history row says why beside the Error status.
    const row = within(
      within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1)[0] as HTMLElement,
    );
    expect(row.getByText('Error')).toBeInTheDocument();
    expect(row.getByText(/Paid play was suspended before your payment arrived/)).toBeInTheDocument();
  });

  it('says a cancelled contest was the reason, in Hindi', async () => {
    const cancelled = payment({
      status: 'error',
      refunded: false,
      refundPending: true,
      refundCode: 'contestCancelled',
      invoice: null,
    });
    stub(ok(cancelled));
    await renderAt('/payments?payment=p1', 'hi');
    const panel = await screen.findByTestId('payment-status');
    expect(await within(panel).findByText('आपके भुगतान के दौरान प्रतियोगिता रद्द कर दी गई।')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'मौजूदा प्रतियोगिता देखें' })).toBeInTheDocument();
  });
});
