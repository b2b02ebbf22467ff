import type { Kysely } from 'kysely';
import { type AdminContest } from '../../../../domain/admin-contests.ts';
import type { InvoiceConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import type { MessageSender } from '../../../integrations/messages.ts';
import { contestLabelIn } from '../../../integrations/message-language.ts';
import { cancelNotice } from '../../../integrations/player-messages.ts';
import type { PaymentGateway } from '../../../integrations/payments/gateway.ts';
import { type AuditActor, recordAudit } from '../../site/audit.service.ts';
import { releaseReservedTickets } from '../../contests/contest-counters.service.ts';
import { contestState } from '../../contests/contest.service.ts';
import { contestLabel } from '../../judging/shared.ts';
import { NOTICE_PAGE, sendUnsentNotices, unsentNoticesAfter } from '../../judging/notice-delivery.ts';
import { settleRefund } from '../../payments/finalize.ts';
import { CANCEL_REFUND_REASON } from '../../payments/refund-reasons.ts';
import { fail, n, isEditable, findRow } from './shared.ts';
import { adminContest } from './present.ts';

export interface CancelDeps {
  db: Kysely<Database>;
  /** None configured: the refunds stay due until a gateway is (reconciliation then makes them). */
  gateway: PaymentGateway | null | undefined;
  messages: MessageSender;
  siteUrl: string;
  /** The credit notes' series: each refund of an invoiced payment gets one (CGST Act 2017, s.34). */
  invoices: Pick<InvoiceConfig, 'prefix' | 'creditNotePrefix'>;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/**
 * Cancels a contest in one transaction (the contest row locked, so no reservation slips in):
 * state 'cancelled' with the reason; every successful payment marked refund_due with the reason
 * (the gateway refund and its credit note follow right after, and the payments job retries a
 * failed one); active reservations
 * cancelled and their tickets released; carts and applied promos of the contest emptied; one
 * notice per player holding confirmed tickets. Then the refunds and the notices go out.
 */
export async function cancelContest(
  deps: CancelDeps,
  actor: AuditActor,
  id: string,
  reason: string,
  now: number,
): Promise<{ contest: AdminContest; refunds: number; notices: number }> {
  const { db } = deps;
  const { paymentIds, notices } = await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id, true);
    if (!isEditable(row)) throw fail(409, 'notCancellable');
    const updated = await trx
      .updateTable('contests')
      .set({ state: 'cancelled', cancelled_at: now, cancel_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('state', 'not in', ['cancelled', 'published'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail(409, 'notCancellable');
    const paid = await trx
      .selectFrom('payments')
      .select('id')
      .where('contest_id', '=', id)
      .where('status', '=', 'success')
      .where('refund_id', 'is', null)
      .execute();
    if (paid.length > 0) {
      await trx
        .updateTable('payments')
        .set({ refund_due: 1, refund_reason: CANCEL_REFUND_REASON, updated_at: now })
        .where('contest_id', '=', id)
        .where('status', '=', 'success')
        .where('refund_id', 'is', null)
        .execute();
      // A promo is used only by a payment that bought tickets: these tickets are void, the use is given back.
      await trx
        .deleteFrom('promo_redemptions')
        .where(
          'payment_id',
          'in',
          trx.selectFrom('payments').select('id').where('contest_id', '=', id).where('status', '=', 'success'),
        )
        .execute();
    }
    const active = await trx
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('contest_id', '=', id)
      .where('status', '=', 'active')
      .returning('id')
      .execute();
    if (active.length > 0) await releaseReservedTickets(trx, { contestId: id });
    await trx.deleteFrom('cart_items').where('contest_id', '=', id).execute();
    await trx.deleteFrom('cart_promos').where('contest_id', '=', id).execute();
    const holders = await trx
      .selectFrom('tickets')
      .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('n')])
      .where('contest_id', '=', id)
      .where('status', '=', 'confirmed')
      .groupBy('user_id')
      .execute();
    for (let start = 0; start < holders.length; start += 500) {
      await trx
        .insertInto('contest_cancel_notices')
        .values(
          holders
            .slice(start, start + 500)
            .map((h) => ({ contest_id: id, user_id: h.user_id, tickets: n(h.n), created_at: now, sent_at: null })),
        )
        .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'contest.cancel',
      targetType: 'contest',
      targetId: id,
      summary: `Cancelled ${contestLabel(row)}: ${paid.length} payments to refund, ${holders.length} players to tell`,
      before: { state: contestState(row, now) },
      after: {
        state: 'cancelled',
        reason,
        refunds: paid.length,
        reservationsReleased: active.length,
        playersTold: holders.length,
      },
      now,
    });
    return { paymentIds: paid.map((p) => p.id), notices: holders.length };
  });
  const gateway = deps.gateway;
  if (gateway)
    for (const paymentId of paymentIds)
      await settleRefund({ db, gateway, invoices: deps.invoices, log: deps.log }, paymentId, now);
  else if (paymentIds.length > 0)
    deps.log?.warn(
      { contestId: id, payments: paymentIds.length },
      'contests: no payment gateway configured; the refunds stay due',
    );
  await sendCancelNotices(db, deps.messages, deps.siteUrl, () => now, id);
  return { contest: await adminContest(db, id, now), refunds: paymentIds.length, notices };
}

export const CANCEL_NOTICE_MAX_ATTEMPTS = 10;

/** How long a sender holds a notice it is sending. */
export const CANCEL_NOTICE_LEASE_MS = 5 * 60_000;

/**
 * Tells every player of a cancelled contest, once: each notice is claimed (attempts + 1, guarded)
 * before sending and marked sent after; one that fails stays for the contest job's next run.
 */
export async function sendCancelNotices(
  db: Kysely<Database>,
  messages: MessageSender,
  siteUrl: string,
  now: () => number,
  contestId?: string,
): Promise<{ sent: number; failed: number }> {
  return sendUnsentNotices(
    db,
    'contest_cancel_notices',
    (after) =>
      db
        .selectFrom('contest_cancel_notices')
        .innerJoin('users', 'users.id', 'contest_cancel_notices.user_id')
        .innerJoin('contests', 'contests.id', 'contest_cancel_notices.contest_id')
        .select([
          'contest_cancel_notices.contest_id',
          'contest_cancel_notices.user_id',
          'contest_cancel_notices.tickets',
          'contest_cancel_notices.attempts',
          'contest_cancel_notices.sms_sent_at',
          'contest_cancel_notices.email_sent_at',
          'users.first_name',
          'users.email',
          'users.phone',
          'users.status',
          'users.language',
          'contests.slot',
          'contests.opens_at',
          'contests.cancel_reason',
          'contests.ticket_price_paise',
        ])
        .where(unsentNoticesAfter('contest_cancel_notices', CANCEL_NOTICE_MAX_ATTEMPTS, after, contestId))
        .orderBy('contest_cancel_notices.contest_id')
        .orderBy('contest_cancel_notices.user_id')
        .limit(NOTICE_PAGE)
        .execute(),
    {
      messages,
      leaseMs: CANCEL_NOTICE_LEASE_MS,
      now,
      // In each player's language (issue 25); the operator's reason as written.
      text: (notice) =>
        cancelNotice(notice.language, {
          label: contestLabelIn(notice.language, notice),
          firstName: notice.first_name,
          tickets: notice.tickets,
          reason: notice.cancel_reason ?? '',
          paid: n(notice.ticket_price_paise) > 0,
          siteUrl,
        }),
    },
  );
}
