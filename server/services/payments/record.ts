import type { Transaction } from 'kysely';
import type { Bill } from '../../../domain/money.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { GatewayName } from '../../db/schema/payments.ts';
import { confirmReservationIn } from '../cart/reservations.ts';
import { usablePromo } from '../cart/promo.service.ts';
import { issueInvoice } from './tax-documents/series.ts';

export interface NewPayment {
  paymentId: string;
  userId: string;
  reservationId: string;
  contestId: string;
  gateway: GatewayName;
  /** The gateway's order; for a zero bill, an id of ours (no gateway order is made). */
  orderId: string;
  bill: Bill;
  promoCode: string | null;
  refNo: string;
  /** The player's GST state code when the order was made: the invoice's place of supply. */
  placeOfSupply: string | null;
  /** The language the order was made in: the receipt's. */
  language: 'en' | 'hi';
}

/** The order id of a payment with nothing to pay: no gateway order exists for it. */
export const zeroBillOrderId = (paymentId: string) => `nil_${paymentId}`;

/**
 * Writes a payment for a reservation inside the caller's transaction: 'pending' with its bill,
 * the promo's use counted (checked again under the promo row's lock: two orders racing for a
 * code's last use get one), the reservation's amount set. A zero bill (a promo that covers the
 * whole entry, issue 26) has nothing to collect: the payment is 'success' at once, its tickets are
 * confirmed and its tax invoice numbered and dated in the same transaction, as finalize.ts does for
 * a paid one (a supply at nil value: the discount is on the invoice, CGST Act 2017 s.15(3)(a)). No
 * receipt message goes out for it: no money was received (the entry sheet says "You're in").
 */
export async function recordPayment(
  trx: Transaction<Database>,
  payment: NewPayment,
  now: number,
  series: { prefix: string },
): Promise<void> {
  const user = await trx.selectFrom('users').select('phone').where('id', '=', payment.userId).executeTakeFirstOrThrow();
  const settled = payment.bill.grandTotal === 0;
  await trx
    .insertInto('payments')
    .values({
      id: payment.paymentId,
      user_id: payment.userId,
      reservation_id: payment.reservationId,
      contest_id: payment.contestId,
      gateway: payment.gateway,
      gateway_order_id: payment.orderId,
      gateway_payment_id: null,
      status: settled ? 'success' : 'pending',
      amount_paise: payment.bill.grandTotal,
      bill_json: JSON.stringify(payment.bill),
      promo_code: payment.promoCode,
      ref_no: payment.refNo,
      phone: user.phone,
      failure_reason: null,
      refund_id: null,
      refunded_at: null,
      place_of_supply: payment.placeOfSupply,
      language: payment.language,
      created_at: now,
      updated_at: now,
      finalized_at: settled ? now : null,
    })
    .execute();
  await trx
    .updateTable('reservations')
    .set({ amount_paise: payment.bill.grandTotal })
    .where('id', '=', payment.reservationId)
    .execute();
  if (payment.promoCode) {
    // Checked again under the promo row's lock: two orders racing for a code's last use get one.
    // FOR NO KEY UPDATE: a release putting the code back on a cart (a foreign key to this row)
    // does not wait on it (server/db/lock-order.ts).
    await trx
      .selectFrom('promo_codes')
      .select('code')
      .where('code', '=', payment.promoCode)
      .$if(isPostgres(trx), (qb) => qb.forNoKeyUpdate())
      .execute();
    await usablePromo(trx, payment.promoCode, payment.userId, now);
    await trx
      .insertInto('promo_redemptions')
      .values({
        id: crypto.randomUUID(),
        promo_code: payment.promoCode,
        user_id: payment.userId,
        payment_id: payment.paymentId,
        created_at: now,
      })
      .execute();
    await trx
      .deleteFrom('cart_promos')
      .where('user_id', '=', payment.userId)
      .where('contest_id', '=', payment.contestId)
      .execute();
  }
  if (settled) {
    await confirmReservationIn(trx, payment.reservationId, now);
    // Last, so the year's counter row (locked until the commit on PostgreSQL) is held briefly.
    await issueInvoice(trx, payment.paymentId, series.prefix, now);
  }
}
