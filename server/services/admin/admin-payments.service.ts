import type { Kysely } from 'kysely';
import type {
  AdminPayment,
  AdminPaymentCounts,
  AdminPaymentsPage,
  AdminPaymentsQuery,
} from '../../../domain/admin-payments.ts';
import { keysetPage, newestFirst } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { contestState } from '../contests/contest.service.ts';

const n = (value: unknown) => Number(value ?? 0);
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The console's counts of money in and back: successful payments (a refunded one stays 'success',
 * its refund is its own record), refunds made (what went back), refunds due (money to give back that
 * the gateway has not taken yet, of any status: a cancelled contest's payments, a late capture),
 * and the invoices and credit notes issued.
 */
export async function adminPaymentCounts(db: Kysely<Database>): Promise<AdminPaymentCounts> {
  const [figures, invoices, creditNotes] = await Promise.all([
    db
      .selectFrom('payments')
      .select((eb) => [
        eb.fn.sum<number | string>(eb.case().when('status', '=', 'success').then(1).else(0).end()).as('successful'),
        eb.fn
          .sum<number | string>(eb.case().when('status', '=', 'success').then(eb.ref('amount_paise')).else(0).end())
          .as('successful_paise'),
        eb.fn.sum<number | string>(eb.case().when('refund_id', 'is not', null).then(1).else(0).end()).as('refunded'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when('refund_id', 'is not', null)
              .then(eb.fn.coalesce('refunded_paise', 'amount_paise'))
              .else(0)
              .end(),
          )
          .as('refunded_paise'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.and([eb('refund_due', '=', 1), eb('refund_id', 'is', null)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('due'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.and([eb('refund_due', '=', 1), eb('refund_id', 'is', null)]))
              .then(eb.ref('amount_paise'))
              .else(0)
              .end(),
          )
          .as('due_paise'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('credit_notes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    successful: { count: n(figures?.successful), amountPaise: n(figures?.successful_paise) },
    refunded: { count: n(figures?.refunded), amountPaise: n(figures?.refunded_paise) },
    refundDue: { count: n(figures?.due), amountPaise: n(figures?.due_paise) },
    invoices: n(invoices?.n),
    creditNotes: n(creditNotes?.n),
  };
}

/** Newest payment first, filtered; the cursor is the last row's (created_at, id). */
export async function listAdminPayments(
  db: Kysely<Database>,
  query: AdminPaymentsQuery,
  now: number,
): Promise<AdminPaymentsPage> {
  let q = db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .innerJoin('contests', 'contests.id', 'payments.contest_id')
    .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
    .leftJoin('invoices', 'invoices.payment_id', 'payments.id')
    .leftJoin('credit_notes', 'credit_notes.payment_id', 'payments.id')
    .selectAll('payments')
    .select([
      'users.first_name',
      'users.last_name',
      'contests.slot as contest_slot',
      'contests.opens_at as contest_opens_at',
      'contests.closes_at as contest_closes_at',
      'contests.state as contest_state',
      'reservations.ticket_count',
      'invoices.number as invoice_number',
      'invoices.issued_at as invoice_issued_at',
      'credit_notes.number as credit_note_number',
      'credit_notes.issued_at as credit_note_issued_at',
    ]);
  if (query.show === 'refunded') q = q.where('payments.refund_id', 'is not', null);
  else if (query.show === 'refundDue')
    q = q.where('payments.refund_due', '=', 1).where('payments.refund_id', 'is', null);
  else if (query.show === 'success')
    q = q.where('payments.status', '=', 'success').where('payments.refund_due', '=', 0);
  if (query.refNo) q = q.where('payments.ref_no', 'like', `${query.refNo.replace(/[^A-Z0-9]/g, '')}%`);
  const rows = await newestFirst(q, 'payments.created_at', 'payments.id', query).execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => [n(row.created_at), row.id]);
  const items = page.map((p): AdminPayment => ({
    id: p.id,
    refNo: p.ref_no,
    txnId: p.gateway_payment_id,
    status: p.status,
    amountPaise: n(p.amount_paise),
    createdAt: iso(p.created_at),
    playerName: `${p.first_name} ${p.last_name}`.trim() || '-',
    contest: {
      id: p.contest_id,
      slot: p.contest_slot,
      opensAt: iso(p.contest_opens_at),
      state: contestState(
        { state: p.contest_state, opens_at: p.contest_opens_at, closes_at: p.contest_closes_at },
        now,
      ),
    },
    ticketCount: n(p.ticket_count),
    placeOfSupply: p.place_of_supply,
    refund:
      p.refund_id !== null
        ? {
            amountPaise: n(p.refunded_paise ?? p.amount_paise),
            refundedAt: iso(p.refunded_at ?? p.updated_at),
            refundId: p.refund_id,
            reason: p.refund_reason,
          }
        : null,
    refundDue: p.refund_due === 1 && p.refund_id === null,
    invoice:
      p.invoice_number !== null && p.invoice_issued_at !== null
        ? { number: p.invoice_number, issuedAt: iso(p.invoice_issued_at) }
        : null,
    creditNote:
      p.credit_note_number !== null && p.credit_note_issued_at !== null
        ? { number: p.credit_note_number, issuedAt: iso(p.credit_note_issued_at) }
        : null,
  }));
  return {
    items,
    nextCursor,
  };
}
