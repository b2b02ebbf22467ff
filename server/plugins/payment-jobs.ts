import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { reconcilePayments } from '../services/payment.service.ts';

export const PAYMENT_RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Reconciliation now, then every 5 minutes: payments pending for more than two minutes are
 * settled with what the gateway says. Safe on many machines: finalizing locks the payment row
 * and only a pending payment moves. The caller stops it on close.
 */
export async function startPaymentJobs(app: FastifyInstance): Promise<{ stop(): Promise<void> }> {
  const job = startIntervalJob(app, 'payments', PAYMENT_RECONCILE_INTERVAL_MS, async () => {
    const gateway = app.payments;
    if (!gateway) return;
    const result = await reconcilePayments({ db: app.db, gateway, log: app.log }, app.clock.now());
    if (result.finalized || result.refunded) app.log.info(result, 'payments: reconciliation settled payments');
  });
  await job.runOnce();
  return job;
}
