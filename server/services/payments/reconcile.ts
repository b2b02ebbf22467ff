import type { PaymentDeps } from './deps.ts';
import { finalizePayment, type PaymentOutcome, settleRefund } from './finalize.ts';

export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Asks the gateway about payments left pending (a webhook that never came, a crash between
 * the gateway and us) and finalizes them; retries refunds that are due. Paid orders confirm;
 * orders never paid end when their reservation has run out: 'failed' if someone tried,
 * 'cancelled' if nobody did.
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  now: number,
): Promise<{ finalized: number; refunded: number }> {
  const { db, gateway } = deps;
  let finalized = 0;
  // Every pending payment, oldest reservation end first, a page at a time (keyset on the end
  // and the id), so a crowd of abandoned payments never hides a paid one behind it.
  let after: { expiresAt: number; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('payments')
      .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
      .select(['payments.id', 'payments.gateway_order_id', 'reservations.expires_at'])
      .where('payments.status', '=', 'pending')
      .where('payments.gateway', '=', gateway.name)
      .where('payments.created_at', '<', now - RECONCILE_AFTER_MS)
      .orderBy('reservations.expires_at')
      .orderBy('payments.id')
      .limit(RECONCILE_PAGE);
    if (after) {
      const { expiresAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('reservations.expires_at', '>', expiresAt),
          eb.and([eb('reservations.expires_at', '=', expiresAt), eb('payments.id', '>', id)]),
        ]),
      );
    }
    const page = await query.execute();
    if (page.length === 0) break;
    const last = page[page.length - 1]!;
    after = { expiresAt: Number(last.expires_at), id: last.id };
    for (const payment of page) {
      try {
        const order = await gateway.fetchOrderStatus(payment.gateway_order_id);
        let outcome: PaymentOutcome | null = null;
        if (order.status === 'paid' && order.paymentId)
          outcome = {
            kind: 'paid',
            gatewayPaymentId: order.paymentId,
            ...(order.paidAt === undefined ? {} : { paidAt: order.paidAt }),
          };
        else if (order.status !== 'paid' && Number(payment.expires_at) < now) {
          outcome =
            order.status === 'created'
              ? { kind: 'cancelled', reason: 'The payment was not completed in time.' }
              : { kind: 'failed', reason: 'The payment did not go through.' };
        }
        if (outcome && (await finalizePayment(deps, payment.gateway_order_id, outcome, now))?.changed) finalized += 1;
      } catch (error) {
        deps.log?.warn(
          { err: error, paymentId: payment.id },
          'payments: reconciliation could not settle a payment; next run',
        );
      }
    }
    if (page.length < RECONCILE_PAGE) break;
  }
  let refunded = 0;
  let afterId = '';
  for (;;) {
    const due = await db
      .selectFrom('payments')
      .select('id')
      .where('refund_due', '=', 1)
      .where('refund_id', 'is', null)
      .where('gateway', '=', gateway.name)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(RECONCILE_PAGE)
      .execute();
    if (due.length === 0) break;
    afterId = due[due.length - 1]!.id;
    for (const payment of due) {
      await settleRefund(deps, payment.id, now);
      const done = await db.selectFrom('payments').select('refund_id').where('id', '=', payment.id).executeTakeFirst();
      if (done?.refund_id) refunded += 1;
    }
    if (due.length < RECONCILE_PAGE) break;
  }
  return { finalized, refunded };
}

/** Payments asked about per query page. */
export const RECONCILE_PAGE = 200;
