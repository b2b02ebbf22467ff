import type { Kysely, Selectable } from 'kysely';
import { BRAND } from '../../../../domain/brand.ts';
import { type Bill, formatInr } from '../../../../domain/money.ts';
import type { InvoiceConfig } from '../../../config.ts';
import type { Database, PaymentsTable } from '../../../db/schema.ts';
import type { TaxDocumentPdfInput } from '../../../integrations/invoice-pdf.ts';
import {
  billLines,
  bilingualState,
  gstLines,
  istDateTime,
  istDay,
  maskMobile,
  placeOfSupplyOf,
  supplyTypeOf,
} from './lines.ts';

type PaymentRow = Selectable<PaymentsTable>;

/** Who may see a payment's documents: its owner (anyone else is told it does not exist), or the console. */
export type DocumentReader = { userId: string } | 'console';

export async function paymentFor(
  db: Kysely<Database>,
  reader: DocumentReader,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .$if(reader !== 'console', (qb) => qb.where('user_id', '=', (reader as { userId: string }).userId))
    .executeTakeFirst();
}

/** Everything the invoice and its credit note print alike, from the payment as it was ordered and paid. */
export async function documentBody(
  db: Kysely<Database>,
  config: InvoiceConfig,
  payment: PaymentRow,
): Promise<Omit<TaxDocumentPdfInput, 'kind' | 'document' | 'against' | 'refund' | 'compress'>> {
  const [user, contest, tickets] = await Promise.all([
    db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', payment.user_id).executeTakeFirst(),
    db
      .selectFrom('contests')
      .select(['slot', 'opens_at', 'closes_at', 'ticket_price_paise', 'prize_title_en'])
      .where('id', '=', payment.contest_id)
      .executeTakeFirstOrThrow(),
    // Every ticket the payment bought, also those of a cancelled contest (still confirmed, never judged).
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('reservation_id', '=', payment.reservation_id)
      .where('status', '=', 'confirmed')
      .executeTakeFirst(),
  ]);
  const bill = JSON.parse(payment.bill_json) as Bill;
  const ticketPrice = Number(contest.ticket_price_paise);
  const counted = Number(tickets?.n ?? 0);
  const ticketCount = counted || (ticketPrice > 0 ? Math.round(bill.itemsTotal / ticketPrice) : 0);
  const place = placeOfSupplyOf(payment.place_of_supply, config.stateCode);
  return {
    seller: {
      legalName: config.sellerLegalName,
      address: config.address,
      gstin: config.gstin ?? '',
      stateCode: bilingualState(config.stateCode),
      email: BRAND.supportEmail,
      sampleGstin: config.sampleGstin,
    },
    buyer: {
      // An erased account keeps its row with the names blanked: the document stays, nameless.
      name: user ? `${user.first_name} ${user.last_name}`.trim() || '-' : '-',
      mobile: maskMobile(payment.phone),
      placeOfSupply: bilingualState(place.code),
      supplyType: supplyTypeOf(place),
    },
    contest: {
      description: `Spot-the-ball contest entry, slot ${contest.slot}`,
      detail: `${BRAND.name} contest tickets; prize: ${contest.prize_title_en}`,
      dates: `Open ${istDay(Number(contest.opens_at))} to ${istDay(Number(contest.closes_at))} (IST)`,
      ticketCount,
      ticketPrice: formatInr(ticketPrice),
    },
    lines: billLines(bill),
    gst: gstLines(bill, place.intraState),
    payment: {
      refNo: payment.ref_no,
      txnId: payment.gateway_payment_id ?? '-',
      paidAt: istDateTime(Number(payment.finalized_at ?? payment.updated_at)),
      gateway: payment.gateway === 'sandbox' ? 'Sandbox (test payment)' : 'Razorpay',
    },
  };
}
