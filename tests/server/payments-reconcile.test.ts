import { expect, it } from 'vitest';
import { decideSandboxOrder, sandboxWebhook } from '../../server/integrations/payments/sandbox.ts';
import { expireReservations } from '../../server/services/cart/reservations.ts';
import { startPaymentJobs } from '../../server/plugins/payment-jobs.ts';
import { reconcilePayments } from '../../server/services/payments/reconcile.ts';
import { createPromoCode } from '../../server/services/cart/promo.service.ts';
import { insertActiveUsers, post } from '../support/accounts.ts';
import { checkAllCounters } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { paymentsSetup } from './payments.helpers.ts';

describeOnEachDatabase('payments with the sandbox gateway', (server) => {
  const { clock, user, secrets, db, deps, contest, order, status, sendWebhook, decide, ticketRows } =
    paymentsSetup(server);

  it('reconciliation finalizes a paid order whose webhook never came, and ends abandoned ones', async () => {
    const id = await contest();
    const paid = await order(user(0), id);
    const abandoned = await order(user(0), id);
    await decide(paid.orderId, 'success');
    // Too young: left alone.
    await reconcilePayments(deps(), clock.now);
    expect((await status(user(0), paid.paymentId)).status).toBe('pending');
    clock.advance(3 * 60_000);
    expect((await reconcilePayments(deps(), clock.now)).finalized).toBeGreaterThanOrEqual(1);
    expect(await status(user(0), paid.paymentId)).toMatchObject({
      status: 'success',
      txnId: expect.stringMatching(/^pay_/),
    });
    expect((await status(user(0), abandoned.paymentId)).status).toBe('pending');
    clock.advance(server.config.reservationMinutes * 60_000);
    await reconcilePayments(deps(), clock.now);
    expect((await status(user(0), abandoned.paymentId)).status).toBe('cancelled');
    expect((await ticketRows(abandoned.paymentId)).map((t) => t.status)).toEqual(['released', 'released']);
  });

  it('the payment job reconciles at start and stops cleanly', async () => {
    const id = await contest();
    const o = await order(user(5), id);
    await decide(o.orderId, 'success');
    clock.advance(3 * 60_000);
    const jobs = await startPaymentJobs(server.app);
    await jobs.stop();
    expect((await status(user(5), o.paymentId)).status).toBe('success');
  });

  it('gives the last use of a code to one of two racing orders', async () => {
    await createPromoCode(
      db(),
      {
        code: 'LASTONE',
        promo: { kind: 'flat', amountPaise: 500 },
        validFrom: clock.now - 1,
        validUntil: clock.now + 86_400_000,
        maxUses: 1,
      },
      clock.now,
    );
    const id = await contest();
    // Fresh sessions: the suite's clock has run past the others' 30 idle minutes.
    const racers = await insertActiveUsers(server, 2, clock.now);
    for (const u of racers) {
      await post(server, '/api/v1/cart/items', { contestId: id, tickets: [{ x: 1234, y: 5 }] }, { cookie: u.cookie });
      expect(
        (await post(server, '/api/v1/cart/promo', { contestId: id, code: 'LASTONE' }, { cookie: u.cookie })).statusCode,
      ).toBe(200);
    }
    const results = await Promise.all(
      racers.map((u) => post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: u.cookie })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({ code: 'INVALID_PROMO' });
    expect(
      await db().selectFrom('promo_redemptions').select('id').where('promo_code', '=', 'LASTONE').execute(),
    ).toHaveLength(1);
  });
  // These move the clock past the sessions of the suite's users: they come last, with their own users.
  const paymentRow = (paymentId: string) =>
    db().selectFrom('payments').select(['status', 'refund_due']).where('id', '=', paymentId).executeTakeFirstOrThrow();

  it('a payment made in time confirms after the server was down past the reservation (issue 10, finding 4)', async () => {
    const id = await contest();
    const [late] = await insertActiveUsers(server, 1, clock.now);
    const o = await order(late!, id);
    // Paid a minute before the reservation ends; the webhook is lost (the server is down).
    clock.advance((server.config.reservationMinutes - 1) * 60_000);
    await decideSandboxOrder(db(), o.orderId, 'success', clock.now);
    // Back an hour later: start-up runs the expiry job first, then reconciliation.
    clock.advance(60 * 60_000);
    await expireReservations(db(), clock.now);
    await reconcilePayments(deps(), clock.now);
    expect(await paymentRow(o.paymentId)).toEqual({ status: 'success', refund_due: 0 });
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('a webhook is recorded with the settlement it caused, and its retry changes nothing (finding 3)', async () => {
    const id = await contest();
    const [u6] = await insertActiveUsers(server, 1, clock.now);
    const o = await order(u6!, id);
    const { hook } = await decide(o.orderId, 'success');
    const event = hook();
    const first = await sendWebhook(event);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    expect((await sendWebhook(event)).json().data).toEqual({ received: true, duplicate: true });
    expect((await status(u6!, o.paymentId)).status).toBe('success');
    // An event that could not be applied is not remembered: the gateway's retry is applied.
    const second = await order(u6!, id);
    const decided = (await decideSandboxOrder(db(), second.orderId, 'success', clock.now))!;
    const broken = sandboxWebhook(secrets(), decided, clock.now)!;
    const originalConfirm = db().transaction;
    let failOnce = true;
    (db() as { transaction: unknown }).transaction = () => {
      if (failOnce) {
        failOnce = false;
        return {
          execute: async () => {
            throw new Error('crash between recording and settling');
          },
        };
      }
      return originalConfirm.call(db());
    };
    try {
      expect((await sendWebhook(broken)).statusCode).toBe(500);
    } finally {
      (db() as { transaction: unknown }).transaction = originalConfirm;
    }
    expect((await status(u6!, second.paymentId)).status).toBe('pending');
    expect((await sendWebhook(broken)).json().data).toEqual({ received: true, duplicate: false });
    expect((await status(u6!, second.paymentId)).status).toBe('success');
  });

  it('reconciliation reaches a paid payment behind more than a page of abandoned ones (finding 2)', async () => {
    const id = await contest({ totalTickets: 100_000, maxTicketsPerPerson: 1000 });
    const abandonedUsers = await insertActiveUsers(server, 11, clock.now);
    const abandoned: string[] = [];
    for (const u of abandonedUsers) for (let i = 0; i < 19; i++) abandoned.push((await order(u, id, 1)).paymentId);
    expect(abandoned.length).toBeGreaterThan(200);
    clock.advance(60_000);
    const [payer] = await insertActiveUsers(server, 1, clock.now);
    const paid = await order(payer!, id, 1);
    await decideSandboxOrder(db(), paid.orderId, 'success', clock.now);
    clock.advance(5 * 60_000);
    await reconcilePayments(deps(), clock.now);
    expect(await paymentRow(paid.paymentId)).toEqual({ status: 'success', refund_due: 0 });
    clock.advance(server.config.reservationMinutes * 60_000);
    await reconcilePayments(deps(), clock.now);
    const left = await db()
      .selectFrom('payments')
      .select('id')
      .where('id', 'in', abandoned)
      .where('status', '=', 'pending')
      .execute();
    expect(left).toEqual([]);
  });

  // After every flow above (paid, failed, cancelled, expired and refunded, reconciled, raced):
  // each contest's counters still equal its tickets.
  it("leaves every contest's ticket counters equal to its tickets", async () => {
    const checks = await checkAllCounters(server);
    expect(checks.filter((c) => c.takenActual > 0).length).toBeGreaterThan(0);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });
});
