import type { FastifyInstance } from 'fastify';
import { withJobLock } from '../services/job-lock.ts';
import { reconcilePayments } from '../services/payment.service.ts';

export const PAYMENT_RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Reconciliation now, then every 5 minutes (an unref'd timer): payments pending for more than
 * two minutes are settled with what the gateway says. Safe on many machines: finalizing locks
 * the payment row and only a pending payment moves.
 */
export async function startPaymentJobs(app: FastifyInstance): Promise<{ stop(): Promise<void> }> {
  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> => {
    const gateway = app.payments;
    if (!gateway) return Promise.resolve();
    running ??= withJobLock(app.db, 'payments', () =>
      reconcilePayments({ db: app.db, gateway, log: app.log }, app.clock.now()),
    )
      .then((run) => {
        if (run.ran && (run.result.finalized || run.result.refunded))
          app.log.info(run.result, 'payments: reconciliation settled payments');
      })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'payments: reconciliation failed; the next run will try again'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), PAYMENT_RECONCILE_INTERVAL_MS);
  timer.unref();
  await runOnce();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
