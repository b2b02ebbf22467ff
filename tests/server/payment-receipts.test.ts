import { beforeAll, expect, it } from 'vitest';
import { settleRefund } from '../../server/services/payments/finalize.ts';
import { sendDueReceipts } from '../../server/services/payments/receipts.ts';
import { backfillTaxDocuments } from '../../server/services/payments/tax-documents/backfill.ts';
import { insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

type User = { id: string; cookie: string };

describeOnEachDatabase('payment receipts and the tax documents backfill', (server) => {
  const clock = useTestClock(server);
  let pictureId = '';
  let players: User[] = [];
  let nextX = 0;
  const db = () => server.app.db;
  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    players = await insertActiveUsers(server, 3, clock.now);
  });

  async function buy(u: User, options: { cookie?: string } = {}) {
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    const cookie = options.cookie ?? u.cookie;
    const tickets = [{ x: ++nextX, y: 4 }];
    expect((await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie })).statusCode).toBe(200);
    const o = (await post(server, '/api/v1/payments/orders', { contestId }, { cookie })).json().data as {
      paymentId: string;
      checkoutUrl: string;
      refNo: string;
    };
    const paid = await server.app.inject({
      method: 'POST',
      url: o.checkoutUrl,
      payload: 'choice=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    // The receipt goes after the webhook's answer (app.afterAnswer).
    await server.app.idleAfterAnswer();
    return o;
  }
  const contactOf = (u: User) =>
    db().selectFrom('users').select(['phone', 'email']).where('id', '=', u.id).executeTakeFirstOrThrow();
  const messagesTo = (recipients: string[]) =>
    db()
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'subject', 'body'])
      .where('recipient', 'in', recipients)
      .orderBy('created_at')
      .orderBy('channel')
      .execute();
  const invoiceNumber = async (paymentId: string) =>
    (await db().selectFrom('invoices').select('number').where('payment_id', '=', paymentId).executeTakeFirstOrThrow())
      .number;

  it('sends the receipt once, by SMS and e-mail, with the invoice number and the link to it', async () => {
    const player = players[0]!;
    const { phone, email } = await contactOf(player);
    const o = await buy(player);
    const number = await invoiceNumber(o.paymentId);
    const link = `${server.config.publicUrl}/payments?payment=${o.paymentId}`;
    const sent = await messagesTo([phone, email]);
    expect(sent).toHaveLength(2);
    const sms = sent.find((m) => m.channel === 'sms')!;
    const mail = sent.find((m) => m.channel === 'email')!;
    expect(sms.body).toContain(`Ref ${o.refNo}`);
    expect(sms.body).toContain(`Your invoice ${number}: ${link}`);
    expect(mail.subject).toBe(`Payment received: ${o.refNo}`);
    expect(mail.body).toContain('Your 1 ticket in Contest A is confirmed.');
    expect(mail.body).toContain(`Tax invoice: ${number}`);
    expect(mail.body).toContain(`See your tickets and download the invoice: ${link}`);
    const receipt = await db()
      .selectFrom('payment_receipts')
      .selectAll()
      .where('payment_id', '=', o.paymentId)
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ attempts: 1, claimed_until: null, sent_at: clock.now });

    // The job's sweep finds nothing more to send for it.
    await sendDueReceipts(db(), { messages: server.app.messages, siteUrl: server.config.publicUrl }, () => clock.now);
    expect(await messagesTo([phone, email])).toHaveLength(2);
  });

  it('writes the receipt in Hindi for an order made on the Hindi site', async () => {
    const player = players[1]!;
    const { phone, email } = await contactOf(player);
    const o = await buy(player, { cookie: `${player.cookie}; i18next=hi` });
    const number = await invoiceNumber(o.paymentId);
    const sent = await messagesTo([phone, email]);
    expect(sent.find((m) => m.channel === 'sms')!.body).toMatch(/^CricSpot: ₹[\d.,]+ का भुगतान मिल गया/);
    const mail = sent.find((m) => m.channel === 'email')!;
    expect(mail.subject).toBe(`भुगतान मिल गया: ${o.refNo}`);
    expect(mail.body).toContain(`कर बीजक: ${number}`);
    expect(mail.body).toContain('अपने टिकट देखें और बीजक डाउनलोड करें');
  });

  it('keeps a receipt the messages service refused for the payments job, which sends it once', async () => {
    const player = players[2]!;
    const { phone, email } = await contactOf(player);
    const send = server.app.messages.send.bind(server.app.messages);
    server.app.messages.send = () => Promise.reject(new Error('relay down'));
    let o: { paymentId: string };
    try {
      o = await buy(player);
    } finally {
      server.app.messages.send = send;
    }
    const status = await db().selectFrom('payments').select('status').where('id', '=', o.paymentId).executeTakeFirst();
    expect(status?.status).toBe('success');
    expect(await messagesTo([phone, email])).toHaveLength(0);
    const run = await sendDueReceipts(
      db(),
      { messages: server.app.messages, siteUrl: server.config.publicUrl },
      () => clock.now,
    );
    expect(run).toEqual({ sent: 1, failed: 0 });
    expect(await messagesTo([phone, email])).toHaveLength(2);
  });

  it('numbers, at start-up, the payments from before invoices came at success, in order of payment time, and credits their refunds', async () => {
    // Three payments that look as they did before issue 26: paid in March 2026 (financial year
    // 2025-26), one refunded, none with an invoice or a credit note.
    const bought = [await buy(players[0]!), await buy(players[1]!), await buy(players[2]!)];
    const ids = bought.map((o) => o.paymentId);
    const march = Date.UTC(2026, 2, 10, 6, 0);
    const paidAt = [march + 3_000, march + 1_000, march + 2_000];
    await db().updateTable('payments').set({ refund_due: 1 }).where('id', '=', ids[2]!).execute();
    await settleRefund(
      { db: db(), gateway: server.app.payments!, invoices: server.config.invoices },
      ids[2]!,
      clock.now,
    );
    for (const [i, id] of ids.entries())
      await db()
        .updateTable('payments')
        .set({ finalized_at: paidAt[i]!, ...(i === 2 ? { refunded_at: march + 86_400_000 } : {}) })
        .where('id', '=', id)
        .execute();
    await db().deleteFrom('credit_notes').where('payment_id', 'in', ids).execute();
    await db().deleteFrom('invoices').where('payment_id', 'in', ids).execute();

    expect(await backfillTaxDocuments(db(), server.config.invoices)).toEqual({ invoices: 3, creditNotes: 1 });
    const invoices = await db()
      .selectFrom('invoices')
      .select(['payment_id', 'number', 'issued_at'])
      .where('financial_year', '=', '2025-26')
      .orderBy('serial')
      .execute();
    // In order of payment time: the second bought (paid first), the third, then the first.
    expect(invoices.map((r) => [r.payment_id, r.number, Number(r.issued_at)])).toEqual([
      [ids[1], 'CS/25-26/000001', paidAt[1]],
      [ids[2], 'CS/25-26/000002', paidAt[2]],
      [ids[0], 'CS/25-26/000003', paidAt[0]],
    ]);
    const notes = await db()
      .selectFrom('credit_notes')
      .select(['payment_id', 'number'])
      .where('payment_id', 'in', ids)
      .execute();
    expect(notes).toEqual([{ payment_id: ids[2], number: 'CN/25-26/000001' }]);
    expect(await backfillTaxDocuments(db(), server.config.invoices)).toEqual({ invoices: 0, creditNotes: 0 });
  });
});
