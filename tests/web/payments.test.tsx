import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { PaymentAnswer } from '../../domain/payments.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { formatIstDateTime } from '../../src/ui/format.ts';
import { fail, ok, type StubAnswer, stubApi } from '../support/api-stub.tsx';
import { contestPicture, contestView, currentAnswer } from './contest-fixtures.ts';
import { renderAt } from './payments-render.tsx';

const original = http.defaults.adapter;
beforeEach(() => {
  loginMarker.set();
});
afterEach(() => {
  http.defaults.adapter = original;
  loginMarker.clear();
  vi.useRealTimers();
});

const payment = (over: Partial<PaymentAnswer> = {}): PaymentAnswer => ({
  id: 'p1',
  status: 'pending',
  refNo: 'SPB-0001',
  txnId: null,
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
  invoice: null,
  creditNote: null,
  // Contest A of the week of 23 Nov 2026: closes Wed 25 Nov 23:59 IST, live show Thu 26 Nov 21:00 IST.
  contest: { slot: 'A', closesAt: '2026-11-25T18:29:59.999Z', showAt: '2026-11-26T15:30:00.000Z' },
  ticketCount: 2,
  ...over,
});

function stub(statuses: StubAnswer[], list: StubAnswer = ok([])) {
  return stubApi({
    'GET /payments/p1': () => (statuses.length > 1 ? (statuses.shift() as StubAnswer) : (statuses[0] as StubAnswer)),
    'GET /payments': () => list,
  });
}

/** Lets the fake clock run, with the promises it releases. */
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('/payments', () => {
  it('polls a pending payment every 3 s until it succeeds and lists the confirmed tickets', async () => {
    vi.useFakeTimers();
    const calls = stub([
      ok(payment()),
      ok(payment()),
      ok(
        payment({
          status: 'success',
          txnId: 'pay_1',
          tickets: [
            { x: 30, y: 40 },
            { x: 10, y: 20 },
          ],
        }),
      ),
    ]);
    await renderAt('/payments?payment=p1');
    await tick(0);
    const panel = screen.getByTestId('payment-status');
    expect(panel).toHaveTextContent('Waiting for the payment provider to confirm your payment');
    expect(panel).toHaveTextContent('Ref. No SPB-0001');
    await tick(3_000);
    expect(calls.filter((c) => c.url === '/payments/p1')).toHaveLength(2);
    expect(panel).toHaveTextContent('Waiting for the payment provider');
    await tick(3_000);
    expect(calls.filter((c) => c.url === '/payments/p1')).toHaveLength(3);
    expect(within(panel).getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(panel).toHaveTextContent("You're in! 2 tickets in Contest A");
    // Numbered in the server's order (the order they were marked), as on the play screen.
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ticket 1: X 30, Y 40', 'Ticket 2: X 10, Y 20']);
    expect(within(panel).getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    const show = formatIstDateTime(new Date('2026-11-26T15:30:00.000Z'), 'en');
    expect(show).toMatch(/^Thursday, 26 November.*21:00$/);
    expect(panel).toHaveTextContent(`The winner is revealed in the live show on ${show} IST.`);
    expect(within(panel).getByRole('link', { name: 'See My entries' })).toHaveAttribute('href', '/my_entries');
    expect(within(panel).getByRole('link', { name: 'Go to the contest' })).toHaveAttribute('href', '/play_screen');
    await tick(10_000);
    expect(calls.filter((c) => c.url === '/payments/p1')).toHaveLength(3);
  });

  it("shows the paid tickets as crops of the contest's picture, numbered as marked, with alt text in English and Hindi", async () => {
    const routes = {
      'GET /payments/p1': () =>
        ok(
          payment({
            status: 'success',
            txnId: 'pay_1',
            tickets: [
              { x: 1500, y: 40 },
              { x: 10, y: 20 },
            ],
          }),
        ),
      'GET /payments': () => ok([]),
      'GET /contests/current': () => ok(currentAnswer(contestView())),
    };
    stubApi(routes);
    const { unmount } = await renderAt('/payments?payment=p1');
    const panel = screen.getByTestId('payment-status');
    const crops = await within(panel).findAllByRole('img');
    expect(crops.map((img) => img.getAttribute('alt'))).toEqual([
      'Ticket 1: marked 1500 pixels from the left and 40 from the top of the picture',
      'Ticket 2: marked 10 pixels from the left and 20 from the top of the picture',
    ]);
    expect(crops[0]).toHaveAttribute('src', contestPicture.variants[0]!.url);
    // 1600 x 1000 at 0.4 CSS px per pixel: the right edge of the picture stops the first square.
    expect((crops[0] as HTMLImageElement).style.transform).toBe('translate(-560px)');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1', '2']);
    unmount();
    stubApi(routes);
    await renderAt('/payments?payment=p1', 'hi');
    const hiCrops = await within(screen.getByTestId('payment-status')).findAllByRole('img');
    expect(hiCrops[0]).toHaveAttribute('alt', 'टिकट 1: तस्वीर में बाएँ से 1500 पिक्सेल और ऊपर से 40 पिक्सेल पर निशान');
  });

  it("says 'You're in!' for one ticket in the singular, and in Hindi", async () => {
    stub([ok(payment({ status: 'success', txnId: 'pay_1', ticketCount: 1, tickets: [{ x: 5, y: 6 }] }))]);
    const { unmount } = await renderAt('/payments?payment=p1');
    const panel = screen.getByTestId('payment-status');
    expect(await within(panel).findByText("You're in! 1 ticket in Contest A")).toBeInTheDocument();
    unmount();
    stub([
      ok(
        payment({
          status: 'success',
          txnId: 'pay_1',
          ticketCount: 3,
          contest: { slot: 'B', closesAt: '2026-11-29T18:29:59.999Z', showAt: '2026-11-30T15:30:00.000Z' },
        }),
      ),
    ]);
    await renderAt('/payments?payment=p1', 'hi');
    const hiPanel = screen.getByTestId('payment-status');
    expect(await within(hiPanel).findByText('आप शामिल हैं! प्रतियोगिता B में 3 टिकट')).toBeInTheDocument();
    expect(hiPanel).toHaveTextContent(
      `विजेता का ऐलान लाइव शो में होगा: ${formatIstDateTime(new Date('2026-11-30T15:30:00.000Z'), 'hi')} IST।`,
    );
    expect(within(hiPanel).getByRole('link', { name: 'मेरी प्रविष्टियाँ देखें' })).toHaveAttribute('href', '/my_entries');
  });

  it('says a failed payment took no money and the tickets are held, to try again from the cart', async () => {
    stub([ok(payment({ status: 'failed' }))]);
    await renderAt('/payments?payment=p1');
    const panel = await screen.findByTestId('payment-status');
    expect(await within(panel).findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('No money was taken. Your tickets are held for a while: try again from your cart.');
    expect(within(panel).getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
  });

  it('says the same for a cancelled payment', async () => {
    stub([ok(payment({ status: 'cancelled' }))]);
    await renderAt('/payments?payment=p1');
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent(
      'No money was taken. Your tickets are held for a while: try again from your cart.',
    );
  });

  it('explains an error status', async () => {
    stub([ok(payment({ status: 'error' }))]);
    await renderAt('/payments?payment=p1');
    expect(await screen.findByRole('heading', { name: 'Something went wrong with this payment' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent(
      'If money left your account, contact us with the Ref. No.',
    );
  });

  it('stops asking after 2 minutes, says it is still waiting, and a refresh asks again', async () => {
    vi.useFakeTimers();
    const statuses = [ok(payment())];
    const calls = stub(statuses);
    await renderAt('/payments?payment=p1');
    await tick(120_000);
    const panel = screen.getByTestId('payment-status');
    expect(panel).toHaveTextContent(
      'We are still waiting for the payment provider; this page will show the result once it arrives',
    );
    const asked = calls.filter((c) => c.url === '/payments/p1').length;
    expect(asked).toBeGreaterThanOrEqual(40);
    await tick(30_000);
    expect(calls.filter((c) => c.url === '/payments/p1')).toHaveLength(asked);
    statuses[0] = ok(payment({ status: 'success', tickets: [{ x: 5, y: 6 }] }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await tick(0);
    expect(within(panel).getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/payments/p1')).toHaveLength(asked + 1);
  });

  it('keeps polling when a status call fails and says so', async () => {
    vi.useFakeTimers();
    stub([fail(500, 'down'), ok(payment({ status: 'success' }))]);
    await renderAt('/payments?payment=p1');
    await tick(0);
    expect(screen.getByTestId('payment-status')).toHaveTextContent(
      'The status could not be checked just now; trying again.',
    );
    await tick(3_000);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  });

  it('lists past payments with the columns of the spec', async () => {
    // A phone set to another time zone still sees the time in IST (06:30 UTC is 12:00 IST).
    const zone = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    onTestFinished(() => {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    });
    stub(
      [ok(payment())],
      ok([
        payment({ status: 'success', txnId: 'pay_ABC' }),
        payment({
          id: 'p2',
          refNo: 'SPB-0002',
          status: 'failed',
          amountPaise: 5910,
          ticketCount: 1,
          contest: { slot: 'B', closesAt: '2026-11-29T18:29:59.999Z', showAt: '2026-11-30T15:30:00.000Z' },
        }),
        payment({ id: 'p3', refNo: 'SPB-0003', status: 'pending' }),
      ]),
    );
    await renderAt('/payments');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((el) => el.textContent),
    ).toEqual([
      'Time/Date',
      'Contest',
      'Ref. No',
      'Txn. Id.',
      'Transaction Status',
      'Total Amount',
      'Mobile no.',
      'Invoice',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((el) => el.textContent);
    expect(first.slice(1)).toEqual([
      'Contest A2 ticketsClosing time: 25 Nov 2026, 23:59 IST',
      'SPB-0001',
      'pay_ABC',
      'Success',
      '₹100',
      '9876543210',
      'Download invoice',
    ]);
    // The status is a chip coloured by its outcome.
    expect(within(rows[0] as HTMLElement).getByText('Success')).toHaveClass('status-chip', 'status-chip--good');
    // A successful payment's invoice is a plain download link to the API (the browser sends the session cookie).
    const link = within(rows[0] as HTMLElement).getByRole('link', { name: 'Download invoice' });
    expect(link).toHaveAttribute('href', '/api/v1/payments/p1/invoice');
    expect(link).toHaveAttribute('download');
    expect(first[0]).toBe('21 Nov 2026, 12:00 pm IST');
    const second = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((el) => el.textContent);
    expect(second.slice(1)).toEqual([
      'Contest B1 ticketClosing time: 29 Nov 2026, 23:59 IST',
      'SPB-0002',
      '—',
      'Failed',
      '₹59.10',
      '9876543210',
      '—',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toHaveClass('status-chip--bad');
    expect(within(rows[2] as HTMLElement).getByText('Pending')).toHaveClass('status-chip--wait');
    expect(screen.queryByTestId('payment-status')).not.toBeInTheDocument();
    // Only successful payments have an invoice.
    expect(within(rows[1] as HTMLElement).queryByRole('link', { name: /invoice/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download invoice' })).toHaveLength(1);
  });

  it('says when there are no payments, and when the list cannot be loaded', async () => {
    stub([ok(payment())]);
    const { unmount } = await renderAt('/payments');
    expect(await screen.findByText('You have no payments yet.')).toBeInTheDocument();
    unmount();
    stub([ok(payment())], fail(500, 'down'));
    await renderAt('/payments');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payments could not be loaded');
  });

  it('asks a visitor without a login to log in', async () => {
    loginMarker.clear();
    const calls = stub([ok(payment())]);
    await renderAt('/payments?payment=p1');
    expect(screen.getByText('Login to see your payments and their status.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });

  it('writes payment times in IST on the 24-hour clock on the Hindi page, never with am or pm', async () => {
    stub(
      [ok(payment())],
      ok([
        payment({ id: 'p2', createdAt: '2026-11-21T05:45:00.000Z' }),
        payment({ id: 'p3', createdAt: '2026-11-21T15:30:00.000Z' }),
      ]),
    );
    await renderAt('/payments', 'hi');
    const times = (await screen.findAllByText(/नव/, { selector: 'time' })).map((el) => el.textContent ?? '');
    expect(times).toHaveLength(2);
    expect(times[0]).toMatch(/11:15/);
    expect(times[1]).toMatch(/21:00/);
    for (const time of times) expect(time).not.toMatch(/am|pm/i);
  });

  it('speaks Hindi', async () => {
    stub([ok(payment({ status: 'failed' }))]);
    await renderAt('/payments?payment=p1', 'hi');
    expect(await screen.findByRole('heading', { name: 'भुगतान विफल रहा' })).toBeInTheDocument();
  });
});
