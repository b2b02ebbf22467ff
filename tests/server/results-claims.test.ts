import { beforeAll, expect, it } from 'vitest';
import { TDS_RATE_KEY } from '../../domain/results.ts';
import { claimKey, decryptClaim } from '../../server/services/judging/claim-crypto.ts';
import { get, insertActiveUsers, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const DAY = 86_400_000;
const claimDetails = {
  fullName: 'Ravi Kumar',
  pan: 'abcde1234f',
  address: { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
  payout: { method: 'bank', accountNumber: '123456789012', ifsc: 'sbin0001234' },
};

// Cash prizes (a payout by UPI or bank, TDS withheld from it); prizes in kind: results-claims-in-kind.test.ts.
describeOnEachDatabase(
  'results: the winners pages, my entries and the prize claim',
  (server) => {
    const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
    let pictureId = '';

    beforeAll(async () => {
      pictureId = await addContestPicture(server);
    });

    it('the claim: refused to anyone but the winner of a published contest, validated, encrypted at rest, masked back', async () => {
      const contest = await addJudgedContest(server, {
        pictureId,
        now: clock.now,
        points: [
          { x: 800, y: 501 },
          { x: 820, y: 520 },
        ],
        prizeValuePaise: 2_000_000,
      });
      const loser = contest.players.find((p) => p.id !== contest.winner.id)!;
      const claim = (cookie: string | undefined, details: unknown = claimDetails, contestId = contest.contestId) =>
        post(server, '/api/v1/account/claims', { contestId, details }, { cookie });

      expect((await claim(undefined)).statusCode).toBe(401);
      const refused = await claim(loser.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('NOT_A_WINNER');
      const unpublished = await addJudgedContest(server, {
        pictureId,
        now: clock.now,
        points: [{ x: 800, y: 501 }],
        publishedAt: null,
      });
      expect((await claim(unpublished.winner.cookie, claimDetails, unpublished.contestId)).statusCode).toBe(403);

      for (const [bad, field, message] of [
        [{ ...claimDetails, pan: 'ABCD1234F' }, 'details.pan', /valid PAN/],
        [{ ...claimDetails, pan: 'ABCDE12345' }, 'details.pan', /valid PAN/],
        [{ ...claimDetails, address: { ...claimDetails.address, pin: '011001' } }, 'details.address.pin', /PIN/],
        [
          { ...claimDetails, address: { ...claimDetails.address, state: 'Atlantis' } },
          'details.address.state',
          /state/,
        ],
        [
          { ...claimDetails, payout: { method: 'bank', accountNumber: '12345', ifsc: 'SBIN0001234' } },
          'details.payout.accountNumber',
          /account number/,
        ],
        [
          { ...claimDetails, payout: { method: 'bank', accountNumber: '123456789012', ifsc: 'SBIN1001234' } },
          'details.payout.ifsc',
          /IFSC/,
        ],
        [{ ...claimDetails, payout: { method: 'upi', upiId: 'no-at-sign' } }, 'details.payout.upiId', /UPI/],
      ] as const) {
        const res = await claim(contest.winner.cookie, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().fields[field]).toMatch(message);
      }
      expect(
        await server.app.db
          .selectFrom('prize_claims')
          .selectAll()
          .where('contest_id', '=', contest.contestId)
          .execute(),
      ).toEqual([]);

      const ok = await claim(contest.winner.cookie);
      expect(ok.statusCode, ok.body).toBe(200);
      const view = ok.json().data;
      expect(view).toMatchObject({ status: 'submitted', masked: { pan: 'AB******4F', payout: '********9012 (SBIN)' } });
      // Section 194B: 30% of a prize above Rs 10,000.
      expect(view.tax).toMatchObject({
        grossPaise: 2_000_000,
        tdsPaise: 600_000,
        netPaise: 1_400_000,
        ratePercent: 30,
        thresholdPaise: 1_000_000,
      });
      expect(ok.body).not.toMatch(/ABCDE1234F|123456789012|MG Road/);

      const raw = await server.app.db
        .selectFrom('prize_claims')
        .selectAll()
        .where('contest_id', '=', contest.contestId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(raw)).not.toMatch(/ABCDE1234F|123456789012|MG Road|411001|SBIN/i);
      expect(raw.state).toBe('Maharashtra');
      expect(JSON.parse(decryptClaim(claimKey(server.app.secret), raw.id, raw.details_enc))).toMatchObject({
        pan: 'ABCDE1234F',
        payout: { ifsc: 'SBIN0001234' },
      });
      expect(() => decryptClaim(claimKey(server.app.secret), crypto.randomUUID(), raw.details_enc)).toThrow();
      const audit = await server.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', raw.id).execute();
      expect(audit.map((a) => a.action)).toEqual(['claim.submit']);
      expect(JSON.stringify(audit)).not.toMatch(/ABCDE1234F|123456789012/);

      // The winner card now shows the state; the winner may still correct the claim.
      const card = (await get(server, '/api/v1/results/winners?limit=24'))
        .json()
        .data.results.find((c: { contestId: string }) => c.contestId === contest.contestId);
      expect(card.winner.state).toBe('Maharashtra');
      const corrected = await claim(contest.winner.cookie, {
        ...claimDetails,
        payout: { method: 'upi', upiId: 'ravi.kumar@okaxis' },
      });
      expect(corrected.json().data.masked.payout).toBe('ra********@okaxis');
      expect(
        await server.app.db
          .selectFrom('prize_claims')
          .select('id')
          .where('contest_id', '=', contest.contestId)
          .execute(),
      ).toHaveLength(1);

      // The console: list, view (audited), verify, send; the winner sees each status and can no longer change it.
      const [admin] = await insertStaff(server, ['admin'], clock.now);
      const list = await get(server, '/api/v1/admin/claims?status=submitted', { cookie: admin!.cookie });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.claims.map((c: { id: string }) => c.id)).toContain(raw.id);
      expect(list.body).not.toMatch(/ABCDE1234F/);
      const detail = await get(server, `/api/v1/admin/claims/${raw.id}`, { cookie: admin!.cookie });
      expect(detail.json().data.details).toMatchObject({
        pan: 'ABCDE1234F',
        payout: { method: 'upi', upiId: 'ravi.kumar@okaxis' },
      });
      const viewed = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', raw.id)
        .where('action', '=', 'claim.view')
        .execute();
      expect(viewed).toHaveLength(1);
      expect(viewed[0]!.actor_id).toBe(admin!.id);

      const skip = await post(
        server,
        `/api/v1/admin/claims/${raw.id}/status`,
        { status: 'sent' },
        { cookie: admin!.cookie },
      );
      expect(skip.statusCode).toBe(409);
      const verified = await post(
        server,
        `/api/v1/admin/claims/${raw.id}/status`,
        { status: 'verified', note: 'PAN checked' },
        { cookie: admin!.cookie },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data).toMatchObject({
        status: 'verified',
        note: 'PAN checked',
        verifiedAt: new Date(clock.now).toISOString(),
      });
      expect((await claim(contest.winner.cookie)).statusCode).toBe(409);
      clock.advance(60_000);
      await post(
        server,
        `/api/v1/admin/claims/${raw.id}/status`,
        { status: 'sent', note: 'Paid by NEFT' },
        { cookie: admin!.cookie },
      );
      const entry = (await get(server, '/api/v1/account/entries', { cookie: contest.winner.cookie }))
        .json()
        .data.contests.find((c: { contestId: string }) => c.contestId === contest.contestId);
      expect(entry.claim).toMatchObject({
        status: 'sent',
        note: 'Paid by NEFT',
        sentAt: new Date(clock.now).toISOString(),
      });
      const actions = (
        await server.app.db
          .selectFrom('audit_log')
          .select('action')
          .where('target_id', '=', raw.id)
          .orderBy('created_at')
          .execute()
      ).map((a) => a.action);
      expect(actions.sort()).toEqual(['claim.send', 'claim.submit', 'claim.update', 'claim.verify', 'claim.view']);
      expect(
        (
          await post(
            server,
            `/api/v1/admin/claims/${crypto.randomUUID()}/status`,
            { status: 'verified' },
            { cookie: admin!.cookie },
          )
        ).statusCode,
      ).toBe(404);
      expect((await get(server, `/api/v1/admin/claims/${raw.id}`, { cookie: contest.winner.cookie })).statusCode).toBe(
        403,
      );
    });

    it('with the real judging: three judges mark, the admin publishes, and the result shows everywhere', async () => {
      const contestId = await addTestContest(server, {
        pictureId,
        now: clock.now,
        opensInMs: -3 * DAY,
        closesInMs: -3_600_000,
      });
      const [near, far] = await insertActiveUsers(server, 2, clock.now);
      for (const [user, x, y, at] of [
        [near!, 402, 298, clock.now - 2 * DAY],
        [far!, 100, 100, clock.now - 2 * DAY + 1],
      ] as const) {
        await server.app.db
          .insertInto('tickets')
          .values({
            id: crypto.randomUUID(),
            contest_id: contestId,
            user_id: user.id,
            x,
            y,
            status: 'confirmed',
            reservation_id: null,
            created_at: at,
            confirmed_at: at,
          })
          .execute();
      }
      const [admin] = await insertStaff(server, ['admin'], clock.now);
      const judges = await insertStaff(server, ['judge'], clock.now, 3);
      for (const [i, judge] of judges.entries()) {
        const res = await post(
          server,
          `/api/v1/judge/contests/${contestId}/mark`,
          { x: 400 + i, y: 300 },
          { cookie: judge.cookie },
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      // Judged but not published: nothing public yet.
      expect(
        (await get(server, '/api/v1/results/winners?limit=24'))
          .json()
          .data.results.map((c: { contestId: string }) => c.contestId),
      ).not.toContain(contestId);
      const published = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
        cookie: admin!.cookie,
      });
      expect(published.statusCode, published.body).toBe(200);

      const card = (await get(server, '/api/v1/results/winners?limit=24'))
        .json()
        .data.results.find((c: { contestId: string }) => c.contestId === contestId);
      expect(card).toMatchObject({
        judgedPoint: { x: 401, y: 300 },
        entries: 2,
        winner: { mark: { x: 402, y: 298 }, distance: 2.2 },
      });
      const mine = (await get(server, '/api/v1/account/entries', { cookie: far!.cookie }))
        .json()
        .data.contests.find((c: { contestId: string }) => c.contestId === contestId);
      expect(mine).toMatchObject({ state: 'published', isWinner: false, entries: 2, tickets: [{ rank: 2 }] });
      expect(
        (await post(server, '/api/v1/account/claims', { contestId, details: claimDetails }, { cookie: far!.cookie }))
          .statusCode,
      ).toBe(403);
      expect(
        (await post(server, '/api/v1/account/claims', { contestId, details: claimDetails }, { cookie: near!.cookie }))
          .statusCode,
      ).toBe(200);
    });

    it('the TDS rule follows the settings', async () => {
      await server.app.db
        .insertInto('settings')
        .values({ key: TDS_RATE_KEY, value: '2000', updated_at: clock.now })
        .execute();
      const contest = await addJudgedContest(server, {
        pictureId,
        now: clock.now,
        points: [{ x: 800, y: 501 }],
        prizeValuePaise: 1_500_000,
      });
      const entry = (await get(server, '/api/v1/account/entries', { cookie: contest.winner.cookie })).json().data
        .contests[0];
      expect(entry.tax).toMatchObject({
        grossPaise: 1_500_000,
        tdsPaise: 300_000,
        netPaise: 1_200_000,
        ratePercent: 20,
      });
      await server.app.db.deleteFrom('settings').where('key', '=', TDS_RATE_KEY).execute();
    });

    it('an admin reads and sets the TDS rule in the console, audited; bad values are refused', async () => {
      const [admin] = await insertStaff(server, ['admin'], clock.now);
      expect((await get(server, '/api/v1/admin/claims/tds', { cookie: admin!.cookie })).json().data).toEqual({
        rateBp: 3000,
        thresholdPaise: 1_000_000,
      });
      const bad = await post(
        server,
        '/api/v1/admin/claims/tds',
        { rateBp: 12_000, thresholdPaise: 1_000_000 },
        { cookie: admin!.cookie },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.rateBp).toMatch(/between 0% and 100%/);
      const set = await post(
        server,
        '/api/v1/admin/claims/tds',
        { rateBp: 3120, thresholdPaise: 500_000 },
        { cookie: admin!.cookie },
      );
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().data).toEqual({ rateBp: 3120, thresholdPaise: 500_000 });
      const contest = await addJudgedContest(server, {
        pictureId,
        now: clock.now,
        points: [{ x: 800, y: 501 }],
        prizeValuePaise: 800_000,
      });
      const entry = (await get(server, '/api/v1/account/entries', { cookie: contest.winner.cookie })).json().data
        .contests[0];
      expect(entry.tax).toMatchObject({
        tdsPaise: 249_600,
        netPaise: 550_400,
        ratePercent: 31.2,
        thresholdPaise: 500_000,
      });
      const audit = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'setting.tds')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before_json!)).toEqual({ rateBp: 3000, thresholdPaise: 1_000_000 });
      await server.app.db.deleteFrom('settings').where('key', 'in', [TDS_RATE_KEY, 'tds_threshold_paise']).execute();
    });
  },
  { env: { CONTEST_PRIZE_KIND: 'cash' } },
);
