import type { Kysely, Selectable } from 'kysely';
import {
  PAYMENT_ERROR_CODES,
  PAYMENT_ERROR_MESSAGES,
  type PaymentAnswer,
  paymentFailureCodeSchema,
} from '../../../domain/payments.ts';
import type { Database, PaymentsTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type QuoteOptions, retryQuote } from './quote.ts';
import { refundReasonCode } from './refund-reasons.ts';

type PaymentRow = Selectable<PaymentsTable>;

export const paymentNotFound = () =>
  new AppError(404, PAYMENT_ERROR_CODES.paymentNotFound, PAYMENT_ERROR_MESSAGES.paymentNotFound);

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A payment with what the player bought: the contest (slot, close, live show) and the ticket count. */
type PaymentListRow = PaymentRow & {
  contest_slot: 'A' | 'B';
  contest_closes_at: number;
  contest_show_at: number;
  ticket_count: number;
  invoice_number: string | null;
  invoice_issued_at: number | null;
  credit_note_number: string | null;
  credit_note_issued_at: number | null;
};

const documentOf = (number: string | null, issuedAt: number | null) =>
  number !== null && issuedAt !== null ? { number, issuedAt: iso(issuedAt) } : null;

function toAnswer(p: PaymentListRow): PaymentAnswer {
  return {
    id: p.id,
    status: p.status,
    refNo: p.ref_no,
    txnId: p.gateway_payment_id,
    amountPaise: Number(p.amount_paise),
    createdAt: iso(p.created_at),
    phone: p.phone,
    contestId: p.contest_id,
    orderId: p.gateway_order_id,
    promoCode: p.promo_code,
    failureReason: p.failure_reason,
    failureCode: paymentFailureCodeSchema.safeParse(p.failure_code).data ?? null,
    retry: null,
    refunded: p.refund_id !== null,
    refund:
      p.refund_id !== null
        ? {
            amountPaise: Number(p.refunded_paise ?? p.amount_paise),
            refundedAt: iso(p.refunded_at ?? p.updated_at),
            reason: p.refund_reason,
          }
        : null,
    refundPending: p.refund_due === 1 && p.refund_id === null,
    refundCode: p.refund_due === 1 || p.refund_id !== null ? refundReasonCode(p.refund_reason) : null,
    invoice: p.status === 'success' ? documentOf(p.invoice_number, p.invoice_issued_at) : null,
    creditNote: documentOf(p.credit_note_number, p.credit_note_issued_at),
    contest: { slot: p.contest_slot, closesAt: iso(p.contest_closes_at), showAt: iso(p.contest_show_at) },
    ticketCount: Number(p.ticket_count),
  };
}

function paymentsWithContest(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('contests', 'contests.id', 'payments.contest_id')
    .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
    .leftJoin('invoices', 'invoices.payment_id', 'payments.id')
    .leftJoin('credit_notes', 'credit_notes.payment_id', 'payments.id')
    .selectAll('payments')
    .select([
      'contests.slot as contest_slot',
      'contests.closes_at as contest_closes_at',
      'contests.show_at as contest_show_at',
      'reservations.ticket_count',
      'invoices.number as invoice_number',
      'invoices.issued_at as invoice_issued_at',
      'credit_notes.number as credit_note_number',
      'credit_notes.issued_at as credit_note_issued_at',
    ])
    .where('payments.user_id', '=', userId);
}

/**
 * One payment for its owner (anyone else is told it does not exist), with its tickets once paid,
 * and, failed or cancelled with its tickets still held, what trying again costs now.
 */
export async function paymentForOwner(
  db: Kysely<Database>,
  userId: string,
  paymentId: string,
  now: number,
  quoteOptions: QuoteOptions,
): Promise<PaymentAnswer> {
  const payment = await paymentsWithContest(db, userId).where('payments.id', '=', paymentId).executeTakeFirst();
  if (!payment) throw paymentNotFound();
  const answer = toAnswer(payment);
  const quote = await retryQuote(db, payment, now, quoteOptions);
  if (quote) answer.retry = { amountPaise: quote.amountPaise, expiresAt: new Date(quote.expiresAt).toISOString() };
  if (payment.status === 'success') {
    // In the order they were marked, numbered as on the play screen and in the cart.
    const tickets = await db
      .selectFrom('tickets')
      .select(['x', 'y'])
      .where('reservation_id', '=', payment.reservation_id)
      .where('status', '=', 'confirmed')
      .orderBy('position')
      .orderBy('x')
      .orderBy('y')
      .execute();
    answer.tickets = tickets;
  }
  return answer;
}

export async function paymentsOfUser(db: Kysely<Database>, userId: string): Promise<PaymentAnswer[]> {
  const rows = await paymentsWithContest(db, userId)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id')
    .limit(500)
    .execute();
  return rows.map((r) => toAnswer(r));
}

export async function paymentByOrderId(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'user_id', 'status', 'contest_id'])
    .where('gateway_order_id', '=', orderId)
    .executeTakeFirst();
}
