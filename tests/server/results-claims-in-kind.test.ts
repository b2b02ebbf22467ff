import { beforeAll, expect, it } from 'vitest';
import { get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 26: a prize in kind (merchandise) is claimed with a delivery address and PAN, never UPI or
// bank; its TDS (section 194B, on the market value) is collected from the winner before dispatch
// or borne by the company, as the contest says; each claim step messages the winner in their
// language. Cash prizes keep their flow (results-claims.test.ts).

const address = { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' };
const delivery = { fullName: 'Ravi Kumar', pan: 'ABCDE1234F', address };
const bank = { method: 'bank', accountNumber: '123456789012', ifsc: 'SBIN0001234' };

describeOnEachDatabase('prizes in kind: the claim, its TDS and its messages', (server) => {
  const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
  let pictureId = '';

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
  });

  const outboxTo = async (userId: string) => {
    const user = await server.app.db
      .selectFrom('users')
      .select(['phone', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return server.app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', 'in', [user.phone!, user.email!])
      .orderBy('created_at')
      .execute();
  };

  it('TDS collected from the winner: the address and PAN only, the amount to pay before dispatch, told at each step in Hindi', async () => {
    const contest = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 800, y: 501 }],
      prizeKind: 'merchandise',
      prizeTdsPayer: 'winner',
      prizeValuePaise: 1_500_000,
    });
    const mine = async () =>
      (await get(server, '/api/v1/account/entries', { cookie: contest.winner.cookie })).json().data.contests[0];
    // Before claiming: the market value, 30% of it to pay before dispatch, the prize arrives whole.
    expect((await mine()).tax).toEqual({
      grossPaise: 1_500_000,
      tdsPaise: 450_000,
      netPaise: 1_500_000,
      ratePercent: 30,
      thresholdPaise: 1_000_000,
      tdsPayer: 'winner',
    });
    const claim = (details: unknown) =>
      post(
        server,
        '/api/v1/account/claims',
        { contestId: contest.contestId, details, lang: 'hi' },
        {
          cookie: contest.winner.cookie,
        },
      );
    // Never UPI or bank for a prize in kind.
    const refused = await claim({ ...delivery, payout: bank });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'details.payout': 'This prize is delivered to your address: no UPI ID or bank account is asked.',
    });
    expect(
      await server.app.db.selectFrom('prize_claims').selectAll().where('contest_id', '=', contest.contestId).execute(),
    ).toEqual([]);

    const ok = await claim(delivery);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'submitted',
      masked: { pan: 'AB******4F', payout: null },
      tax: { grossPaise: 1_500_000, tdsPaise: 450_000, netPaise: 1_500_000, tdsPayer: 'winner' },
    });
    const row = await server.app.db
      .selectFrom('prize_claims')
      .selectAll()
      .where('contest_id', '=', contest.contestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      prize_kind: 'merchandise',
      tds_payer: 'winner',
      language: 'hi',
      told_status: 'submitted',
    });
    expect(row.details_enc).not.toContain('Pune');
    // Received: one SMS and one e-mail, in Hindi, naming the TDS to pay.
    const received = await outboxTo(contest.winner.id);
    expect(received).toHaveLength(2);
    const sms = received.find((m) => m.channel === 'sms')!;
    expect(sms.body).toContain('दावा मिल गया है');
    expect(sms.body).toContain('₹4,500.00');
    expect(received.find((m) => m.channel === 'email')!.subject).toMatch(
      /^प्रतियोगिता A \(\d+ \S+ 2026\): आपका इनाम का दावा मिल गया$/,
    );

    // The console: the claim shows the kind and the payer, and no payout in its details.
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const listed = (await get(server, '/api/v1/admin/claims', { cookie: admin!.cookie })).json().data.claims;
    expect(listed.find((c: { contestId: string }) => c.contestId === contest.contestId)).toMatchObject({
      prizeKind: 'merchandise',
      tdsPayer: 'winner',
      tdsPaise: 450_000,
      netPaise: 1_500_000,
    });
    const detail = (await get(server, `/api/v1/admin/claims/${row.id}`, { cookie: admin!.cookie })).json().data;
    expect(detail.details).toEqual({ ...delivery, address });
    // Verified, then sent: the winner is told each time, once.
    for (const [status, words] of [
      ['verified', 'जाँच लिया गया है'],
      ['sent', 'भेज दिया गया है'],
    ] as const) {
      const changed = await post(
        server,
        `/api/v1/admin/claims/${row.id}/status`,
        { status },
        { cookie: admin!.cookie },
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const told = (await outboxTo(contest.winner.id)).filter((m) => m.channel === 'sms').at(-1)!;
      expect(told.body).toContain(words);
    }
    expect(await outboxTo(contest.winner.id)).toHaveLength(6);
    // A note alone changes no status: no message.
    await post(
      server,
      `/api/v1/admin/claims/${row.id}/status`,
      { status: 'sent', note: 'Courier AWB 12345' },
      {
        cookie: admin!.cookie,
      },
    );
    expect(await outboxTo(contest.winner.id)).toHaveLength(6);
  });

  it('TDS borne by the company: the winner pays nothing, and is told so in English', async () => {
    const contest = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 800, y: 501 }],
      prizeKind: 'merchandise',
      prizeTdsPayer: 'company',
      prizeValuePaise: 2_000_000,
    });
    const ok = await post(
      server,
      '/api/v1/account/claims',
      { contestId: contest.contestId, details: delivery, lang: 'en' },
      { cookie: contest.winner.cookie },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.tax).toMatchObject({
      grossPaise: 2_000_000,
      tdsPaise: 600_000,
      netPaise: 2_000_000,
      tdsPayer: 'company',
    });
    const sms = (await outboxTo(contest.winner.id)).find((m) => m.channel === 'sms')!;
    expect(sms.body).toBe(
      'CricSpot: we have received your prize claim for Contest A of 23 Nov 2026. We will check it and tell you. CricSpot pays its TDS (₹6,000.00, section 194B).',
    );
  });

  it('a cash prize still asks for the payout', async () => {
    const contest = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 800, y: 501 }],
      prizeKind: 'cash',
      prizeValuePaise: 2_000_000,
    });
    const send = (details: unknown) =>
      post(
        server,
        '/api/v1/account/claims',
        { contestId: contest.contestId, details },
        { cookie: contest.winner.cookie },
      );
    const missing = await send(delivery);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'details.payout': 'Give a UPI ID or a bank account to receive the prize' });
    const ok = await send({ ...delivery, payout: bank });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.tax).toMatchObject({ tdsPaise: 600_000, netPaise: 1_400_000, tdsPayer: null });
  });

  it('a message that fails is retried by the notices job, once', async () => {
    const contest = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 800, y: 501 }],
      prizeKind: 'merchandise',
      prizeTdsPayer: 'company',
    });
    const send = server.app.messages.send;
    server.app.messages.send = async () => {
      throw new Error('relay down');
    };
    try {
      const ok = await post(
        server,
        '/api/v1/account/claims',
        { contestId: contest.contestId, details: delivery },
        { cookie: contest.winner.cookie },
      );
      expect(ok.statusCode).toBe(200);
    } finally {
      server.app.messages.send = send;
    }
    expect(await outboxTo(contest.winner.id)).toEqual([]);
    const { tellClaimStatus } = await import('../../server/services/judging/claim-messages.ts');
    expect(await tellClaimStatus(server.app.db, server.app.messages, server.config.publicUrl)).toEqual({
      told: 1,
      failed: 0,
    });
    expect(await tellClaimStatus(server.app.db, server.app.messages, server.config.publicUrl)).toEqual({
      told: 0,
      failed: 0,
    });
    expect(await outboxTo(contest.winner.id)).toHaveLength(2);
  });
});
