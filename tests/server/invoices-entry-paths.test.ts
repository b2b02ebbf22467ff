import { expect, it } from 'vitest';
import type { PaymentAnswer } from '../../domain/payments.ts';
import { settleRefund } from '../../server/services/payments/finalize.ts';
import { createPromoCode } from '../../server/services/cart/promo.service.ts';
import { get, post, put } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { paymentsSetup } from './payments.helpers.ts';

// Invoices numbered at success on issue 25/26's other ways in (issue 26): "Try again" (a payment
// of its own, invoiced when it succeeds; the failed attempt has none) and a bill a promo brings
// to ₹0 (confirmed at once with a nil-value invoice in the same transaction, no receipt message,
// and a ₹0 credit note if it is refunded).

describeOnEachDatabase('invoices on the retry and zero-bill paths', (server) => {
  const { clock, user, db, deps, contest, order, status } = paymentsSetup(server);
  /** Presses a button on the sandbox's hosted page, as a browser on this machine would, and follows the return. */
  async function choose(u: number, checkoutUrl: string, payload: string) {
    const chosen = await server.app.inject({
      method: 'POST',
      url: checkoutUrl.split('?')[0]!,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.statusCode, chosen.body).toBe(303);
    return get(server, chosen.headers.location as string, { cookie: user(u).cookie });
  }
  const invoiceRow = (paymentId: string) =>
    db().selectFrom('invoices').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  const paymentRow = (id: string) =>
    db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('numbers the retried payment at its success, with the state and language of the retry; the failed one has none', async () => {
    const id = await contest();
    const first = await order(user(0), id, 2);
    await choose(0, first.checkoutUrl, 'choice=failure&reason=card_declined');
    expect(await status(user(0), first.paymentId)).toMatchObject({ status: 'failed', invoice: null });
    // The player moved to Karnataka meanwhile (My Account): the new attempt's place of supply.
    expect(
      (await put(server, '/api/v1/account/supply-state', { stateCode: '29' }, { cookie: user(0).cookie })).statusCode,
    ).toBe(200);
    const again = await post(
      server,
      `/api/v1/payments/${first.paymentId}/retry?lng=hi`,
      {},
      { cookie: user(0).cookie },
    );
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json().data as { paymentId: string; checkoutUrl: string };
    expect(await paymentRow(second.paymentId)).toMatchObject({ place_of_supply: '29', language: 'hi' });
    expect(await invoiceRow(second.paymentId)).toBeUndefined();

    clock.advance(30_000);
    await choose(0, second.checkoutUrl, 'choice=success');
    const paid = (await status(user(0), second.paymentId)) as PaymentAnswer;
    expect(paid.status).toBe('success');
    const invoice = await invoiceRow(second.paymentId);
    expect(Number(invoice?.issued_at)).toBe(clock.now);
    expect(paid.invoice).toEqual({ number: invoice?.number, issuedAt: new Date(clock.now).toISOString() });
    expect(await invoiceRow(first.paymentId)).toBeUndefined();
    const receipt = await db()
      .selectFrom('payment_receipts')
      .select('payment_id')
      .where('payment_id', 'in', [first.paymentId, second.paymentId])
      .execute();
    expect(receipt).toEqual([{ payment_id: second.paymentId }]);
  });

  it('gives a ₹0 bill its nil-value invoice at once, no receipt, and a ₹0 credit note when refunded', async () => {
    await createPromoCode(
      db(),
      {
        code: 'TAXFREE100',
        promo: { kind: 'percent', basisPoints: 10_000 },
        validFrom: clock.now - 1,
        validUntil: clock.now + 86_400_000,
        maxUses: 1,
      },
      clock.now,
    );
    const id = await contest();
    const tickets = [{ x: 900, y: 9 }];
    await post(server, '/api/v1/cart/items', { contestId: id, tickets }, { cookie: user(3).cookie });
    await post(server, '/api/v1/cart/promo', { contestId: id, code: 'TAXFREE100' }, { cookie: user(3).cookie });
    const made = await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(3).cookie });
    expect(made.statusCode, made.body).toBe(200);
    const o = made.json().data as { paymentId: string; status: string; amountPaise: number };
    expect(o).toMatchObject({ status: 'success', amountPaise: 0 });

    const invoice = await invoiceRow(o.paymentId);
    expect(invoice).toMatchObject({ issued_at: expect.anything() });
    expect(Number(invoice?.issued_at)).toBe(clock.now);
    expect(((await status(user(3), o.paymentId)) as PaymentAnswer).invoice?.number).toBe(invoice?.number);
    expect(
      await db().selectFrom('payment_receipts').select('payment_id').where('payment_id', '=', o.paymentId).execute(),
    ).toEqual([]);
    const pdf = await get(server, `/api/v1/payments/${o.paymentId}/invoice`, { cookie: user(3).cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // A refund of it (the contest cancelled): nothing goes to the gateway; the invoice gets its credit note.
    clock.advance(60_000);
    await db()
      .updateTable('payments')
      .set({ refund_due: 1, refund_reason: 'Test refund.' })
      .where('id', '=', o.paymentId)
      .execute();
    await settleRefund(deps(), o.paymentId, clock.now);
    const after = (await status(user(3), o.paymentId)) as PaymentAnswer;
    expect(after).toMatchObject({ status: 'success', refunded: true, refund: { amountPaise: 0 } });
    const note = await db()
      .selectFrom('credit_notes')
      .selectAll()
      .where('payment_id', '=', o.paymentId)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ invoice_id: invoice?.id });
    expect(Number(note.amount_paise)).toBe(0);
    expect(after.creditNote?.number).toBe(note.number);
  });
});
