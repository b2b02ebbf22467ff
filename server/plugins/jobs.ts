import type { FastifyInstance } from 'fastify';
import { startContestJobs } from './contest-jobs.ts';
import { startPaymentJobs } from './payment-jobs.ts';
import { startRetentionJob } from './retention-job.ts';

/**
 * The scheduled jobs of a serving instance (main.ts), each run once now and then on its timer;
 * stopped when the app closes, each after its run in progress. Call before the app is ready.
 */
export async function startJobs(app: FastifyInstance): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  // Added first, so it runs after the jobs' own hooks (onClose hooks run last-added first).
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
    app.log.info('shutdown: jobs stopped');
  });

  // Deleted accounts past ACCOUNT_RETENTION_DAYS erased, expired rows swept: now, then hourly.
  const retention = await startRetentionJob(app);
  if (retention)
    app.log.info({ ...retention, retentionDays: app.config.accountRetentionDays }, 'retention: start-up run done');

  // Contests for the coming windows (after the seed, which gives them their demo picture), then
  // hourly; expired reservations released now, then every minute.
  const contestJobs = await startContestJobs(app);
  stops.push(() => contestJobs.stop());

  // Payments left pending (a lost webhook, a crash) settled with the gateway: now, then every 5 minutes.
  if (!app.payments) app.log.warn('payments: PAYMENT_GATEWAY is not set; paid tickets cannot be bought');
  const paymentJobs = await startPaymentJobs(app);
  stops.push(() => paymentJobs.stop());
}
