import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MessageSender } from '../../integrations/messages.ts';
import { receiptLanguage, receiptText } from './receipt-text.ts';

export interface ReceiptDeps {
  messages: MessageSender;
  /** The site's public address, for the link to the payment and its invoice. */
  siteUrl: string;
  /**
   * Runs the sending after the request's answer has gone (app.afterAnswer), so a gateway's webhook
   * is acknowledged without waiting for the SMS relay; without it the caller waits for it.
   */
  later?: (work: () => Promise<unknown>) => void;
}

/** How long a sender holds a receipt it is sending, and how often a receipt is tried. */
export const RECEIPT_LEASE_MS = 5 * 60_000;
export const RECEIPT_MAX_ATTEMPTS = 10;
const PAGE = 200;

/**
 * Sends one payment's receipt (SMS and e-mail, in the language the order was made in, with the
 * link to its invoice), once: leased first (attempts + 1 and claimed_until, only where not sent
 * and no lease runs), each channel stamped as it goes, then marked sent. A deleted or erased
 * account is closed as sent with nothing sent. A failed send gives the lease back for the
 * payments job's next run. 'taken' when another sender holds it, or it is sent already.
 */
export async function deliverReceipt(
  db: Kysely<Database>,
  deps: ReceiptDeps,
  paymentId: string,
  now: number,
): Promise<'sent' | 'failed' | 'taken'> {
  const row = await db
    .selectFrom('payment_receipts')
    .innerJoin('payments', 'payments.id', 'payment_receipts.payment_id')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .innerJoin('contests', 'contests.id', 'payments.contest_id')
    .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
    .leftJoin('invoices', 'invoices.payment_id', 'payments.id')
    .select([
      'payment_receipts.attempts',
      'payment_receipts.sent_at',
      'payment_receipts.sms_sent_at',
      'payment_receipts.email_sent_at',
      'payments.amount_paise',
      'payments.ref_no',
      'payments.gateway_payment_id',
      'payments.language',
      'users.first_name',
      'users.phone',
      'users.email',
      'users.status',
      'contests.slot',
      'contests.show_at',
      'reservations.ticket_count',
      'invoices.number as invoice_number',
    ])
    .where('payment_receipts.payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!row || row.sent_at !== null || row.attempts >= RECEIPT_MAX_ATTEMPTS) return 'taken';
  const claim = await db
    .updateTable('payment_receipts')
    .set({ attempts: row.attempts + 1, claimed_until: now + RECEIPT_LEASE_MS })
    .where('payment_id', '=', paymentId)
    .where('attempts', '=', row.attempts)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return 'taken';
  const mark = (set: { sms_sent_at?: number; email_sent_at?: number; sent_at?: number; claimed_until?: null }) =>
    db.updateTable('payment_receipts').set(set).where('payment_id', '=', paymentId).execute();
  try {
    if (row.status === 'active' || row.status === 'suspended') {
      const text = receiptText(receiptLanguage(row.language), {
        firstName: row.first_name,
        amountPaise: Number(row.amount_paise),
        tickets: Number(row.ticket_count),
        slot: row.slot,
        showAt: Number(row.show_at),
        refNo: row.ref_no,
        txnId: row.gateway_payment_id,
        invoiceNumber: row.invoice_number,
        link: `${deps.siteUrl}/payments?payment=${encodeURIComponent(paymentId)}`,
      });
      if (row.phone && row.sms_sent_at === null) {
        await deps.messages.send({ channel: 'sms', recipient: row.phone, body: text.sms });
        await mark({ sms_sent_at: now });
      }
      if (row.email && row.email_sent_at === null) {
        await deps.messages.send({ channel: 'email', recipient: row.email, subject: text.subject, body: text.email });
        await mark({ email_sent_at: now });
      }
    }
    await mark({ sent_at: now, claimed_until: null });
    return 'sent';
  } catch {
    await mark({ claimed_until: null }).catch(() => undefined);
    return 'failed';
  }
}

/** Every receipt still owed (not sent, tried fewer than RECEIPT_MAX_ATTEMPTS times), a page at a time: the payments job. */
export async function sendDueReceipts(
  db: Kysely<Database>,
  deps: ReceiptDeps,
  now: () => number,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  let after = '';
  for (;;) {
    const due = await db
      .selectFrom('payment_receipts')
      .select('payment_id')
      .where('sent_at', 'is', null)
      .where('attempts', '<', RECEIPT_MAX_ATTEMPTS)
      .where('payment_id', '>', after)
      .orderBy('payment_id')
      .limit(PAGE)
      .execute();
    if (due.length === 0) break;
    after = due[due.length - 1]!.payment_id;
    for (const { payment_id } of due) {
      const outcome = await deliverReceipt(db, deps, payment_id, now());
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'failed') failed += 1;
    }
    if (due.length < PAGE) break;
  }
  return { sent, failed };
}
