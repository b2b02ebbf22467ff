import { beforeAll, expect, it } from 'vitest';
import { decideSandboxOrder, sandboxReturnFields, sandboxSecrets } from '../../server/integrations/payments/sandbox.ts';
import { invoicePdf } from '../../server/services/payments/invoice.service.ts';
import { eraseDeletedAccounts } from '../../server/services/site/retention.service.ts';
import { maskMobile, splitHalves } from '../../server/services/payments/tax-documents/lines.ts';
import { financialYearOf } from '../../server/services/payments/tax-documents/series.ts';
import { get, insertActiveUsers, post, put, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { drawnText, pdfText } from '../support/pdf.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

type User = { id: string; cookie: string };
type Server = Parameters<Parameters<typeof describeOnEachDatabase>[1]>[0];

function useBuyers(server: Server) {
  const clock = useTestClock(server);
  let pictureId = '';
  let users: User[] = [];
  let nextX = 0;
  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    users = await insertActiveUsers(server, 3, clock.now);
  });
  const user = (i: number) => users[i]!;

  async function order(u: User, count = 2) {
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    const tickets = Array.from({ length: count }, () => ({ x: ++nextX, y: 9 }));
    expect((await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: u.cookie })).statusCode).toBe(
      200,
    );
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { paymentId: string; orderId: string; refNo: string };
  }
  async function paid(u: User, count = 2) {
    const o = await order(u, count);
    const decided = await decideSandboxOrder(server.app.db, o.orderId, 'success');
    const back = await post(
      server,
      '/api/v1/payments/return',
      sandboxReturnFields(sandboxSecrets(server.app.secret), decided!),
      { cookie: u.cookie },
    );
    expect(back.json().data).toMatchObject({ verified: true, status: 'success' });
    return o;
  }
  const invoice = (u: User, paymentId: string) =>
    get(server, `/api/v1/payments/${paymentId}/invoice`, { cookie: u.cookie });
  return { clock, user, order, paid, invoice };
}

describeOnEachDatabase('tax invoices', (server) => {
  const { clock, user, order, paid, invoice } = useBuyers(server);

  it('gives the owner a PDF tax invoice with its number, the sample GSTIN and the bill', async () => {
    // A player in Karnataka, the seller's state: CGST + SGST.
    const karnataka = await put(
      server,
      '/api/v1/account/supply-state',
      { stateCode: '29' },
      { cookie: user(0).cookie },
    );
    expect(karnataka.statusCode, karnataka.body).toBe(200);
    const o = await paid(user(0), 3);
    const res = await invoice(user(0), o.paymentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const fy = financialYearOf(clock.now).slice(2);
    const number = `CS/${fy}/000001`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CS-${fy}-000001.pdf"`);
    const text = pdfText(pdf);
    expect(text).toContain(`(Tax Invoice ${number})`);
    expect(text).toContain('(GSTIN 29AAAAA0000A1Z5)');

    // Uncompressed, the drawn text can be read: pdfkit writes Helvetica text as hex of its bytes.
    const plain = await invoicePdf(
      server.app.db,
      server.config.invoices,
      { userId: user(0).id },
      o.paymentId,
      clock.now,
      { compress: false },
    );
    expect(plain.number).toBe(number);
    const body = drawnText(plain.pdf);
    for (const s of [
      'SAMPLE GSTIN: not a real tax invoice',
      '29AAAAA0000A1Z5',
      number,
      o.refNo,
      'This is a computer-generated invoice.',
      'Grand Total',
      'CGST on entry',
      'SGST on platform fee',
      'Place of supply',
      'Karnataka',
      'Intra-state: CGST + SGST',
      '******',
    ]) {
      expect(body, s).toContain(s);
    }
  });

  it('numbers invoices in sequence with no gaps when the payments succeed, and keeps each payment its number', async () => {
    const fy = financialYearOf(clock.now);
    const a = await paid(user(1));
    const b = await paid(user(2));
    const c = await paid(user(1));
    // Numbered at success, before any download (the first test's payment is number 1).
    const numbered = await server.app.db
      .selectFrom('invoices')
      .select(['payment_id', 'serial'])
      .where('payment_id', 'in', [a.paymentId, b.paymentId, c.paymentId])
      .orderBy('serial')
      .execute();
    expect(numbered.map((r) => [r.payment_id, Number(r.serial)])).toEqual([
      [a.paymentId, 2],
      [b.paymentId, 3],
      [c.paymentId, 4],
    ]);
    // Concurrent downloads of different payments, and of the same one, change nothing.
    const results = await Promise.all([
      invoice(user(1), a.paymentId),
      invoice(user(2), b.paymentId),
      invoice(user(1), c.paymentId),
      invoice(user(1), a.paymentId),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const rows = await server.app.db
      .selectFrom('invoices')
      .select(['number', 'serial', 'payment_id'])
      .where('financial_year', '=', fy)
      .orderBy('serial')
      .execute();
    expect(rows.map((r) => Number(r.serial))).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4].map((n) => `CS/${fy.slice(2)}/00000${n}`));
    const numberOf = (paymentId: string) => rows.find((r) => r.payment_id === paymentId)!.number;
    const again = await invoice(user(1), a.paymentId);
    expect(again.headers['content-disposition']).toBe(
      `attachment; filename="${numberOf(a.paymentId).replace(/\//g, '-')}.pdf"`,
    );
    expect(
      (
        await server.app.db
          .selectFrom('invoice_counters')
          .select('last_number')
          .where('financial_year', '=', fy)
          .executeTakeFirstOrThrow()
      ).last_number,
    ).toBe(4);
  });

  it('hides another user’s invoice (404) and refuses a pending payment (409)', async () => {
    const o = await paid(user(0));
    const other = await invoice(user(1), o.paymentId);
    expect(other.statusCode).toBe(404);
    const anonymous = await get(server, `/api/v1/payments/${o.paymentId}/invoice`);
    expect(anonymous.statusCode).toBe(401);
    const pending = await order(user(2));
    const res = await invoice(user(2), pending.paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'An invoice is available once the payment succeeds' });
    expect(
      await server.app.db.selectFrom('invoices').select('id').where('payment_id', '=', pending.paymentId).execute(),
    ).toHaveLength(0);
  });

  it("an erased account's payments keep only the masked number, and its invoice still shows it", async () => {
    const buyer = user(2);
    const o = await paid(buyer, 1);
    const { phone } = await server.app.db
      .selectFrom('payments')
      .select('phone')
      .where('id', '=', o.paymentId)
      .executeTakeFirstOrThrow();
    const long = clock.now - 400 * 24 * 3_600_000;
    await server.app.db
      .updateTable('users')
      .set({ status: 'deleted', deleted_at: long })
      .where('id', '=', buyer.id)
      .execute();
    const { erased } = await eraseDeletedAccounts(server.app.db, {
      store: server.app.pictures,
      now: clock.now,
      retentionMs: 30 * 24 * 3_600_000,
    });
    expect(erased).toContain(buyer.id);
    const after = await server.app.db
      .selectFrom('payments')
      .select('phone')
      .where('id', '=', o.paymentId)
      .executeTakeFirstOrThrow();
    expect(after.phone).toBe(maskMobile(phone));
    expect(after.phone).not.toContain(phone.slice(3, 9));
    const pdf = await invoicePdf(server.app.db, server.config.invoices, { userId: buyer.id }, o.paymentId, clock.now, {
      compress: false,
    });
    expect(drawnText(pdf.pdf)).toContain(maskMobile(phone));
  });

  it('masks the mobile, splits GST into halves and counts the Indian financial year', () => {
    expect(maskMobile('+919876543210')).toBe('+91 ******3210');
    expect(maskMobile('+91 ******3210')).toBe('+91 ******3210');
    expect(splitHalves(2143)).toEqual({ cgst: 1071, sgst: 1072 });
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 29))).toBe('2026-27');
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 30))).toBe('2027-28');
  });
});

describeOnEachDatabase(
  'tax invoices in production without SELLER_GSTIN',
  (server) => {
    const { user, paid, invoice } = useBuyers(server);

    it('answers 503 Invoices are not configured', async () => {
      const o = await paid(user(0));
      const res = await invoice(user(0), o.paymentId);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ message: 'Invoices are not configured' });
    });
  },
  {
    invoices: {
      sellerLegalName: 'CricSpot Gaming Private Limited',
      gstin: null,
      sampleGstin: false,
      address: 'Bengaluru, Karnataka, India',
      stateCode: '29',
      prefix: 'CS',
      creditNotePrefix: 'CN',
    },
  },
);
