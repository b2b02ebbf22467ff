import { expect, it } from 'vitest';
import type { PaymentAnswer } from '../../domain/payments.ts';
import { creditNotePdf } from '../../server/services/payments/credit-note.service.ts';
import { settleRefund } from '../../server/services/payments/finalize.ts';
import { CANCEL_REFUND_REASON } from '../../server/services/payments/refund-reasons.ts';
import { financialYearOf, issueCreditNote, issueInvoice } from '../../server/services/payments/tax-documents/series.ts';
import { get, post, put } from '../support/accounts.ts';
import { useContestsConsole } from '../support/contests-console.ts';
import { addTestContest } from '../support/contests.ts';
import { drawnText } from '../support/pdf.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('refunds and GST credit notes', (server) => {
  const { clock, admin, players, pictures, db, buy } = useContestsConsole(server);
  const fy = () => financialYearOf(clock.now);
  const paymentsOf = async (cookie: string) =>
    (await get(server, '/api/v1/payments', { cookie })).json().data as PaymentAnswer[];
  const deps = () => ({ db: db(), gateway: server.app.payments!, invoices: server.config.invoices });

  it("cancels a paid player's contest: Refunded with a credit note in their payments, the PDF reads right, the console counts it", async () => {
    const [ravi, asha, other] = [players[0]!, players[1]!, players[2]!];
    // Asha lives in Karnataka, the seller's state; Ravi (the suite's default) in Maharashtra.
    expect(
      (await put(server, '/api/v1/account/supply-state', { stateCode: '29' }, { cookie: asha.cookie })).statusCode,
    ).toBe(200);
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now });
    const raviOrder = await buy(ravi, id, 2);
    const ashaOrder = await buy(asha, id, 1);
    const before = (await paymentsOf(ravi.cookie)).find((p) => p.id === raviOrder.paymentId)!;
    expect(before).toMatchObject({ status: 'success', refunded: false, refund: null, creditNote: null });
    expect(before.invoice?.number).toMatch(new RegExp(`^CS/${fy().slice(2)}/\\d{6}$`));
    // Not refunded yet: no credit note.
    const early = await get(server, `/api/v1/payments/${raviOrder.paymentId}/credit-note`, { cookie: ravi.cookie });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CREDIT_NOTE_NOT_AVAILABLE' });

    clock.advance(60_000);
    const cancelled = await post(
      server,
      `/api/v1/admin/contests/${id}/cancel`,
      { reason: 'The picture leaked.' },
      { cookie: admin.cookie },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.refundedPaise).toBe(raviOrder.amountPaise + ashaOrder.amountPaise);

    // The player's payments: still 'success' (the spec's status), the refund its own record, and a credit note.
    const after = (await paymentsOf(ravi.cookie)).find((p) => p.id === raviOrder.paymentId)!;
    expect(after).toMatchObject({
      status: 'success',
      refunded: true,
      refundPending: false,
      refundCode: 'contestCancelled',
      refund: {
        amountPaise: raviOrder.amountPaise,
        refundedAt: new Date(clock.now).toISOString(),
        reason: CANCEL_REFUND_REASON,
      },
      invoice: before.invoice,
      creditNote: { number: expect.stringMatching(new RegExp(`^CN/${fy().slice(2)}/\\d{6}$`)) },
    });
    const creditNote = after.creditNote!;

    // The credit note downloads for its owner (and no one else) as a PDF named by its number.
    const download = await get(server, `/api/v1/payments/${raviOrder.paymentId}/credit-note`, { cookie: ravi.cookie });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${creditNote.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(
      (await get(server, `/api/v1/payments/${raviOrder.paymentId}/credit-note`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await get(server, `/api/v1/payments/${raviOrder.paymentId}/credit-note`)).statusCode).toBe(401);

    const refundId = (
      await db()
        .selectFrom('payments')
        .select('refund_id')
        .where('id', '=', raviOrder.paymentId)
        .executeTakeFirstOrThrow()
    ).refund_id!;
    const plain = await creditNotePdf(db(), server.config.invoices, { userId: ravi.id }, raviOrder.paymentId, {
      compress: false,
    });
    const text = drawnText(plain.pdf);
    for (const s of [
      'CREDIT NOTE',
      'Credit note No.',
      creditNote.number,
      'Against invoice No.',
      before.invoice!.number,
      CANCEL_REFUND_REASON,
      'Maharashtra',
      '(27)',
      'Inter-state: IGST',
      'IGST on entry',
      'GST credited',
      refundId,
      'Credit note under section 34 of the CGST Act 2017.',
      'SAMPLE GSTIN: not a real credit note',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toContain('CGST on entry');
    // Asha's, intra-state, credits CGST and SGST.
    const ashaText = drawnText(
      (await creditNotePdf(db(), server.config.invoices, 'console', ashaOrder.paymentId, { compress: false })).pdf,
    );
    for (const s of ['Karnataka', '(29)', 'Intra-state: CGST + SGST', 'CGST on entry', 'SGST on platform fee'])
      expect(ashaText, s).toContain(s);

    // The console: the counts, the refunded list with both documents, and the operator's downloads.
    const counts = await get(server, '/api/v1/admin/payments/counts', { cookie: admin.cookie });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data.refunded.count).toBeGreaterThanOrEqual(2);
    expect(counts.json().data.creditNotes).toBe(counts.json().data.refunded.count);
    const refunded = await get(server, '/api/v1/admin/payments?show=refunded', { cookie: admin.cookie });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const row = (refunded.json().data.items as Array<{ id: string }>).find((p) => p.id === raviOrder.paymentId);
    expect(row).toMatchObject({
      status: 'success',
      refundDue: false,
      placeOfSupply: '27',
      refund: { amountPaise: raviOrder.amountPaise, refundId, reason: CANCEL_REFUND_REASON },
      invoice: before.invoice,
      creditNote,
      contest: { id, state: 'cancelled' },
    });
    const byRef = await get(server, `/api/v1/admin/payments?refNo=${before.refNo.slice(0, 12)}`, {
      cookie: admin.cookie,
    });
    expect((byRef.json().data.items as Array<{ id: string }>).map((p) => p.id)).toContain(raviOrder.paymentId);
    for (const doc of ['invoice', 'credit-note']) {
      const asAdmin = await get(server, `/api/v1/admin/payments/${raviOrder.paymentId}/${doc}`, {
        cookie: admin.cookie,
      });
      expect(asAdmin.statusCode, asAdmin.body).toBe(200);
      expect(asAdmin.headers['content-type']).toBe('application/pdf');
      expect(
        (await get(server, `/api/v1/admin/payments/${raviOrder.paymentId}/${doc}`, { cookie: ravi.cookie })).statusCode,
      ).toBe(403);
    }
    expect((await get(server, '/api/v1/admin/payments', { cookie: ravi.cookie })).statusCode).toBe(403);
  });

  it('says a refund the gateway has not made yet is on its way, with no credit note until it is', async () => {
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now });
    const order = await buy(players[3]!, id, 1);
    const gateway = server.app.payments!;
    const refund = gateway.refund.bind(gateway);
    gateway.refund = () => Promise.reject(new Error('gateway down'));
    try {
      const res = await post(
        server,
        `/api/v1/admin/contests/${id}/cancel`,
        { reason: 'Gateway test.' },
        { cookie: admin.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      gateway.refund = refund;
    }
    const waiting = (await paymentsOf(players[3]!.cookie)).find((p) => p.id === order.paymentId)!;
    expect(waiting).toMatchObject({ status: 'success', refunded: false, refundPending: true, creditNote: null });
    const due = await get(server, '/api/v1/admin/payments?show=refundDue', { cookie: admin.cookie });
    expect(due.json().data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: order.paymentId, refundDue: true })]),
    );
    await settleRefund(deps(), order.paymentId, clock.now);
    const done = (await paymentsOf(players[3]!.cookie)).find((p) => p.id === order.paymentId)!;
    expect(done).toMatchObject({ refunded: true, refundPending: false, creditNote: { number: expect.any(String) } });
  });

  it('numbers invoices and credit notes gap-free per financial year, also when many settle at once', async () => {
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now });
    // Six payments succeeding at the same time: each webhook confirms and numbers its invoice.
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await buy(players[i % 4]!, id, 1, false));
    const ids = orders.map((o) => o.paymentId);
    await Promise.all(
      orders.map((o) =>
        server.app.inject({
          method: 'POST',
          url: o.checkoutUrl,
          payload: 'choice=success',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ),
    );
    const serials = async (table: 'invoices' | 'credit_notes', year: string) =>
      (
        await db()
          .selectFrom(table)
          .select(['serial', 'number', 'payment_id'])
          .where('financial_year', '=', year)
          .orderBy('serial')
          .execute()
      ).map((r) => ({ serial: Number(r.serial), number: r.number, paymentId: r.payment_id }));
    const invoices = await serials('invoices', fy());
    expect(invoices.map((r) => r.serial)).toEqual(invoices.map((_, i) => i + 1));
    expect(new Set(invoices.map((r) => r.number)).size).toBe(invoices.length);
    expect(invoices.filter((r) => ids.includes(r.paymentId))).toHaveLength(6);

    // Their refunds at once, each asked for twice: one credit note each, numbers with no gap.
    await db().updateTable('payments').set({ refund_due: 1, refund_reason: 'Test' }).where('id', 'in', ids).execute();
    await Promise.all([...ids, ...ids].map((paymentId) => settleRefund(deps(), paymentId, clock.now)));
    const notes = await serials('credit_notes', fy());
    expect(notes.map((r) => r.serial)).toEqual(notes.map((_, i) => i + 1));
    expect(notes.filter((r) => ids.includes(r.paymentId))).toHaveLength(6);
    expect(notes.map((r) => r.number)).toEqual(
      notes.map((r) => `CN/${fy().slice(2)}/${String(r.serial).padStart(6, '0')}`),
    );
    const counter = await db()
      .selectFrom('credit_note_counters')
      .select('last_number')
      .where('financial_year', '=', fy())
      .executeTakeFirstOrThrow();
    expect(Number(counter.last_number)).toBe(notes.length);

    // A new financial year (1 April 2027, 00:00 IST) starts both series again at 1.
    const aprilFirst = Date.UTC(2027, 2, 31, 18, 30);
    const lateInMarch = await buy(players[0]!, id, 1, false);
    const invoice = await db()
      .transaction()
      .execute((trx) => issueInvoice(trx, lateInMarch.paymentId, 'CS', aprilFirst - 1));
    const note = await db()
      .transaction()
      .execute((trx) =>
        issueCreditNote(trx, { id: lateInMarch.paymentId, amountPaise: 100, reason: null }, 'CN', aprilFirst),
      );
    expect(invoice.number).toBe(`CS/26-27/${String(invoices.length + 1).padStart(6, '0')}`);
    expect(note?.number).toBe('CN/27-28/000001');
    expect(await serials('credit_notes', '2027-28')).toEqual([
      { serial: 1, number: 'CN/27-28/000001', paymentId: lateInMarch.paymentId },
    ]);
  });
});
