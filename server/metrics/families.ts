import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a job run ended as: it ran, it failed, or another instance held its lock. */
export type JobOutcome = 'ok' | 'failed' | 'skipped';

/** What the gauges read from the database at each scrape (server/metrics/database-state.ts). */
export interface DatabaseState {
  pendingPayments(): Promise<Array<{ gateway: string; count: number }>>;
  /** When the oldest pending payment was made (epoch ms), null when none is pending. */
  oldestPendingSince(): Promise<number | null>;
  contestsAwaitingSeal(): Promise<number>;
  now(): number;
}

/** A gauge read at scrape; a database that does not answer leaves the last value (and is logged). */
function readAtScrape(read: () => Promise<void>, onError: (error: unknown) => void) {
  return async () => {
    try {
      await read();
    } catch (error) {
      onError(error);
    }
  };
}

/**
 * The metric families of one app instance, in a registry of its own (never prom-client's global
 * one), so that several apps in one process (tests, the drill's bench) never clash. The README's
 * "Metrics" section gives each one with an alert rule.
 */
export function createMetricFamilies(state?: DatabaseState, onError: (error: unknown) => void = () => {}) {
  const registry = new Registry();
  const registers = [registry];
  const atScrape = (read: (db: DatabaseState) => Promise<void>) =>
    state ? { collect: readAtScrape(() => read(state), onError) } : {};

  const paymentsPending: Gauge<'gateway'> = new Gauge({
    name: 'cricspot_payments_pending',
    help: 'Payments still pending now, by gateway (read from the database at scrape)',
    labelNames: ['gateway'] as const,
    registers,
    ...atScrape(async (db) => {
      const rows = await db.pendingPayments();
      paymentsPending.reset();
      for (const row of rows) paymentsPending.set({ gateway: row.gateway }, row.count);
    }),
  });
  const paymentsPendingOldest: Gauge = new Gauge({
    name: 'cricspot_payments_pending_oldest_seconds',
    help: 'Age of the oldest pending payment, 0 when none (read from the database at scrape)',
    registers,
    ...atScrape(async (db) => {
      const since = await db.oldestPendingSince();
      paymentsPendingOldest.set(since === null ? 0 : Math.max(0, (db.now() - since) / 1000));
    }),
  });
  const contestsAwaitingSeal: Gauge = new Gauge({
    name: 'cricspot_contests_awaiting_seal',
    help: 'Contests closed more than an hour ago whose entry list is not sealed (read from the database at scrape)',
    registers,
    ...atScrape(async (db) => contestsAwaitingSeal.set(await db.contestsAwaitingSeal())),
  });

  return {
    registry,
    paymentsPending,
    paymentsPendingOldest,
    contestsAwaitingSeal,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern (never the raw URL) and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ticketsReserved: new Counter({
      name: 'cricspot_tickets_reserved_total',
      help: 'Tickets taken out of a contest for an order (paid) or an entry (free)',
      registers,
    }),
    ticketsConfirmed: new Counter({
      name: 'cricspot_tickets_confirmed_total',
      help: 'Tickets confirmed: paid for in time, or entered free',
      registers,
    }),
    ticketsReleased: new Counter({
      name: 'cricspot_tickets_released_total',
      help: 'Reserved tickets given back: a failed, cancelled or expired payment, a cancelled contest',
      registers,
    }),
    payments: new Counter({
      name: 'cricspot_payments_total',
      help: 'Payments by gateway and status: pending when the order is made, then the final status once',
      labelNames: ['gateway', 'status'] as const,
      registers,
    }),
    refunds: new Counter({
      name: 'cricspot_refunds_total',
      help: 'Refunds asked of the gateway, by outcome (issued, failed: reconciliation retries)',
      labelNames: ['gateway', 'outcome'] as const,
      registers,
    }),
    otpCodes: new Counter({
      name: 'cricspot_otp_codes_total',
      help: 'One-time codes made (issued) or sent again (resent), by purpose',
      labelNames: ['purpose', 'event'] as const,
      registers,
    }),
    messages: new Counter({
      name: 'cricspot_messages_total',
      help: 'SMS and e-mails handed to their sender, by channel, sender and outcome',
      labelNames: ['channel', 'sender', 'outcome'] as const,
      registers,
    }),
    signatureFailures: new Counter({
      name: 'cricspot_signature_failures_total',
      help: "Gateway payloads refused for a bad signature: webhooks, and the browser's signed return",
      labelNames: ['gateway', 'source'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'cricspot_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern',
      labelNames: ['route'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: 'cricspot_job_runs_total',
      help: 'Scheduled job runs by job and outcome (ok, failed, skipped: another instance ran it)',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    contestSeals: new Counter({
      name: 'cricspot_contest_seals_total',
      help: 'Contests whose entry list was sealed (the Merkle root stored), once per contest',
      registers,
    }),
    contestPublications: new Counter({
      name: 'cricspot_contest_publications_total',
      help: 'Contests whose results were published, once per contest',
      registers,
    }),
  };
}

export type MetricFamilies = ReturnType<typeof createMetricFamilies>;
