import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { reconcilePayments } from '../services/payments/reconcile.ts';
import { sendDueReceipts } from '../services/payments/receipts.ts';
import { backfillTaxDocuments } from '../services/payments/tax-documents/backfill.ts';

export const PAYMENT_RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * First the start-up backfill of tax documents (invoices of payments from before invoices were
 * numbered at success, credit notes of refunds from before credit notes), then reconciliation now
 * and every 5 minutes: payments pending for more than two minutes are settled with what the
 * gateway says, and payment receipts not yet sent go out. Safe on many machines: finalizing locks
 * the payment row and only a pending payment moves; a receipt is leased before it is sent. The
 * caller stops it on close.
 */
export async function startPaymentJobs(app: FastifyInstance): Promise<{ stop(): Promise<void> }> {
  try {
    const backfilled = await backfillTaxDocuments(app.db, app.config.invoices);
    if (backfilled.invoices || backfilled.creditNotes)
      app.log.info(backfilled, 'payments: tax documents issued for payments from before they were issued at once');
  } catch (error) {
    // The site still serves; a download numbers a payment's missing invoice itself (invoice.service.ts).
    app.log.error({ err: error }, 'payments: the tax documents backfill failed; it runs again at the next start');
  }
  const job = startIntervalJob(app, 'payments', PAYMENT_RECONCILE_INTERVAL_MS, async () => {
    const gateway = app.payments;
    const receipts = { messages: app.messages, siteUrl: app.config.publicUrl };
    if (gateway) {
      const result = await reconcilePayments(
        {
          db: app.db,
          gateway,
          invoices: app.config.invoices,
          receipts,
          log: app.log,
          paidPlayDefault: app.config.paidPlayDefault,
        },
        app.clock.now(),
      );
      if (result.finalized || result.refunded) app.log.info(result, 'payments: reconciliation settled payments');
    }
    const sent = await sendDueReceipts(app.db, receipts, () => app.clock.now());
    if (sent.sent || sent.failed) app.log.info(sent, 'payments: receipts sent');
  });
  await job.runOnce();
  return job;
}
