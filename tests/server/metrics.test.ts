import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIntervalJob } from '../../server/jobs/interval-job.ts';
import { countingInto } from '../../server/metrics/scope.ts';
import { listenForMetrics } from '../../server/plugins/metrics.ts';
import { expireReservations } from '../../server/services/cart/reservations.ts';
import { sealDueContests } from '../../server/services/judging/verification.service.ts';
import { get, insertActiveUsers, post } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase, type ServerHarness, startServer } from '../support/server-harness.ts';
import { paymentsSetup } from './payments.helpers.ts';

/** The value of one series in Prometheus' text format; 0 when the series is not there yet. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = line.startsWith(`${name}{`) ? line.slice(name.length + 1, line.indexOf('}')) : '';
    if (wanted.every((pair) => labelPart.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

/** The metrics listener of a suite's app, on an ephemeral port of 127.0.0.1. */
function useMetricsListener(server: ServerHarness) {
  let listener: http.Server;
  beforeAll(async () => {
    listener = await listenForMetrics(server.app, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
  return {
    url: (path = '/metrics') => `http://127.0.0.1:${(listener.address() as AddressInfo).port}${path}`,
    scrape: async () => {
      const res = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/metrics`);
      expect(res.status).toBe(200);
      return res.text();
    },
  };
}

describeOnEachDatabase('Prometheus metrics', (server) => {
  const metrics = useMetricsListener(server);
  const pay = paymentsSetup(server);

  it('serves every family on their own listener, and nothing at /metrics on the site', async () => {
    const res = await fetch(metrics.url());
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const family of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'http_request_duration_seconds',
      'cricspot_tickets_reserved_total',
      'cricspot_tickets_confirmed_total',
      'cricspot_tickets_released_total',
      'cricspot_payments_total',
      'cricspot_refunds_total',
      'cricspot_otp_codes_total',
      'cricspot_messages_total',
      'cricspot_signature_failures_total',
      'cricspot_rate_limit_refusals_total',
      'cricspot_job_runs_total',
      'cricspot_contest_seals_total',
      'cricspot_contest_publications_total',
      'cricspot_payments_pending',
      'cricspot_payments_pending_oldest_seconds',
      'cricspot_contests_awaiting_seal',
    ])
      expect(text, family).toContain(`# TYPE ${family} `);
    expect((await fetch(metrics.url('/'))).status).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('counts a confirmed ticket, its payment by gateway and status, and the pending payment until then', async () => {
    const contestId = await pay.contest();
    const before = await metrics.scrape();
    const placed = await pay.order(pay.user(0), contestId, 2);
    const pending = await metrics.scrape();
    expect(
      valueOf(pending, 'cricspot_tickets_reserved_total') - valueOf(before, 'cricspot_tickets_reserved_total'),
    ).toBe(2);
    expect(valueOf(pending, 'cricspot_payments_pending', { gateway: 'sandbox' })).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(pending, 'cricspot_payments_total', { gateway: 'sandbox', status: 'pending' }) -
        valueOf(before, 'cricspot_payments_total', { gateway: 'sandbox', status: 'pending' }),
    ).toBe(1);

    const { hook } = await pay.decide(placed.orderId, 'success');
    expect((await pay.sendWebhook(hook())).statusCode).toBe(200);
    const after = await metrics.scrape();
    expect(
      valueOf(after, 'cricspot_tickets_confirmed_total') - valueOf(before, 'cricspot_tickets_confirmed_total'),
    ).toBe(2);
    expect(
      valueOf(after, 'cricspot_payments_total', { gateway: 'sandbox', status: 'success' }) -
        valueOf(before, 'cricspot_payments_total', { gateway: 'sandbox', status: 'success' }),
    ).toBe(1);
    // The same webhook again changes nothing, and counts nothing.
    expect((await pay.sendWebhook(hook())).statusCode).toBe(200);
    expect(valueOf(await metrics.scrape(), 'cricspot_tickets_confirmed_total')).toBe(
      valueOf(after, 'cricspot_tickets_confirmed_total'),
    );
  });

  it('counts a failed payment at once and its tickets as released when their hold runs out', async () => {
    const contestId = await pay.contest();
    const released = (text: string) => valueOf(text, 'cricspot_tickets_released_total');
    const failed = (text: string) => valueOf(text, 'cricspot_payments_total', { gateway: 'sandbox', status: 'failed' });
    const before = await metrics.scrape();
    const placed = await pay.order(pay.user(1), contestId, 3);
    const { hook } = await pay.decide(placed.orderId, 'failure');
    expect((await pay.sendWebhook(hook())).statusCode).toBe(200);
    // A failed payment keeps its tickets held for "Try again" until the reservation ends.
    const afterFailure = await metrics.scrape();
    expect(failed(afterFailure) - failed(before)).toBe(1);
    expect(released(afterFailure) - released(before)).toBe(0);
    pay.clock.advance(server.config.reservationMinutes * 60_000 + 1);
    await countingInto(server.app.metrics, () => expireReservations(server.app.db, pay.clock.now));
    expect(released(await metrics.scrape()) - released(before)).toBe(3);
  });

  it('counts webhook signature failures by gateway', async () => {
    const before = valueOf(await metrics.scrape(), 'cricspot_signature_failures_total', {
      gateway: 'sandbox',
      source: 'webhook',
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
      payload: JSON.stringify({ event: 'payment.captured' }),
    });
    expect(res.statusCode).toBe(400);
    const after = valueOf(await metrics.scrape(), 'cricspot_signature_failures_total', {
      gateway: 'sandbox',
      source: 'webhook',
    });
    expect(after - before).toBe(1);
  });

  it('labels request times by route pattern and status, never by the raw URL', async () => {
    const id = crypto.randomUUID();
    expect((await get(server, `/api/v1/contests/${id}/seal`)).statusCode).toBe(404);
    const text = await metrics.scrape();
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/contests/:id/seal',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    await get(server, `/no-such-page-${id}.php`);
    expect(await metrics.scrape()).not.toContain(id);
  });

  it('counts one-time codes and the messages that carry them, by channel, sender and outcome', async () => {
    const [player] = await insertActiveUsers(server, 1, pay.clock.now);
    const phone = (
      await server.app.db.selectFrom('users').select('phone').where('id', '=', player!.id).executeTakeFirstOrThrow()
    ).phone;
    const before = await metrics.scrape();
    const res = await post(server, '/api/v1/auth/login-code', { phone: phone.slice(-10) });
    expect(res.statusCode, res.body).toBe(200);
    await server.app.idleAfterAnswer();
    const after = await metrics.scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('cricspot_otp_codes_total', { purpose: 'login', event: 'issued' })).toBe(1);
    expect(delta('cricspot_messages_total', { channel: 'sms', sender: 'outbox', outcome: 'sent' })).toBe(1);
  });

  it('counts the seal of a contest, and shows closed contests awaiting it', async () => {
    const pictureId = await addContestPicture(server);
    await addTestContest(server, {
      pictureId,
      now: pay.clock.now,
      opensInMs: -3 * 86_400_000,
      closesInMs: -2 * 3_600_000,
    });
    const before = await metrics.scrape();
    expect(valueOf(before, 'cricspot_contests_awaiting_seal')).toBeGreaterThanOrEqual(1);
    // As the scheduled job runs it (server/plugins/contest-jobs.ts): its counts go to this app.
    const job = startIntervalJob(server.app, 'contest seals', 60_000, () =>
      sealDueContests(server.app.db, server.app.secret, pay.clock.now),
    );
    const sealed = await job.runOnce();
    await job.stop();
    const after = await metrics.scrape();
    expect(valueOf(after, 'cricspot_contest_seals_total') - valueOf(before, 'cricspot_contest_seals_total')).toBe(
      sealed!.length,
    );
    expect(sealed!.length).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'cricspot_contests_awaiting_seal')).toBe(0);
  });

  it('counts job runs by job and outcome', async () => {
    const job = startIntervalJob(server.app, 'metrics-test', 60_000, async () => {
      throw new Error('down');
    });
    await job.runOnce();
    await job.stop();
    const ok = startIntervalJob(server.app, 'metrics-test', 60_000, async () => 'done');
    await ok.runOnce();
    await ok.stop();
    const text = await metrics.scrape();
    expect(valueOf(text, 'cricspot_job_runs_total', { job: 'metrics-test', outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'cricspot_job_runs_total', { job: 'metrics-test', outcome: 'ok' })).toBe(1);
  });
});

describe('metrics of two apps in one process', () => {
  const first = startServer('sqlite');
  const second = startServer('sqlite');

  it('keep a registry each: a request to one is not counted by the other', async () => {
    await first.app.inject({ method: 'GET', url: '/healthz' });
    const count = async (server: ServerHarness) =>
      valueOf(await server.app.metrics.registry.metrics(), 'http_request_duration_seconds_count', {
        route: '/healthz',
        status_code: '200',
      });
    expect(await count(first)).toBe(1);
    expect(await count(second)).toBe(0);
    expect(first.app.metrics.registry).not.toBe(second.app.metrics.registry);
  });
});

describe('rate-limit refusals', () => {
  const server = startServer('sqlite');

  it('are counted by route', async () => {
    let refused = 0;
    for (let i = 0; i < 8 && refused === 0; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        remoteAddress: '203.0.113.9',
        payload: {
          subject: 'Payment question',
          email: 'ravi.kumar@gmail.com',
          phone: '9876543210',
          message: 'My payment shows pending since yesterday.',
        },
      });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(1);
    const text = await server.app.metrics.registry.metrics();
    expect(valueOf(text, 'cricspot_rate_limit_refusals_total', { route: '/api/v1/contact' })).toBe(1);
  });
});
