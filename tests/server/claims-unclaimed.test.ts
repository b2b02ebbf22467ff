import { beforeAll, expect, it } from 'vitest';
import type { UnclaimedWinner } from '../../domain/results.ts';
import { get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const claimDetails = {
  fullName: 'Ravi Kumar',
  pan: 'ABCDE1234F',
  address: { line1: '12 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pin: '411001' },
  payout: { method: 'upi', upiId: 'ravi.kumar@okaxis' },
};

// Admin > Prize claims > Not claimed yet: the winners of public results with no claim.
describeOnEachDatabase(
  'console: the winners who have not claimed their prize',
  (server) => {
    const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
    let pictureId = '';

    beforeAll(async () => {
      pictureId = await addContestPicture(server);
    });

    it('lists every public result whose winner has not claimed, newest first, with the days waited', async () => {
      const now = clock.now;
      const points = [
        { x: 800, y: 501 },
        { x: 830, y: 540 },
      ];
      // Published 5 days ago, show right after: public for 5 days.
      const older = await addJudgedContest(server, {
        pictureId,
        now,
        points,
        publishedAt: now - 5 * DAY - HOUR,
        showInMs: -5 * DAY,
      });
      // Published 3 days before its show, which started 2 days ago: public since the show.
      const earlyPublished = await addJudgedContest(server, {
        pictureId,
        now,
        points,
        publishedAt: now - 5 * DAY,
        showInMs: -2 * DAY - HOUR,
      });
      // Claimed: not listed.
      const claimed = await addJudgedContest(server, {
        pictureId,
        now,
        points,
        publishedAt: now - DAY,
        showInMs: -DAY + HOUR,
      });
      // Published, but its show has not started: not public yet.
      const beforeShow = await addJudgedContest(server, { pictureId, now, points, showInMs: 3 * HOUR });
      // Judged, not published.
      const unpublished = await addJudgedContest(server, { pictureId, now, points, publishedAt: null });

      const claim = await post(
        server,
        '/api/v1/account/claims',
        { contestId: claimed.contestId, details: claimDetails },
        { cookie: claimed.winner.cookie },
      );
      expect(claim.statusCode, claim.body).toBe(200);

      const [admin] = await insertStaff(server, ['admin'], now);
      const res = await get(server, '/api/v1/admin/claims/unclaimed', { cookie: admin!.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const winners: UnclaimedWinner[] = res.json().data.winners;
      const ids = winners.map((w) => w.contestId);
      expect(ids).toEqual([earlyPublished.contestId, older.contestId]);
      expect(ids).not.toContain(claimed.contestId);
      expect(ids).not.toContain(beforeShow.contestId);
      expect(ids).not.toContain(unpublished.contestId);

      const winnerRow = await server.app.db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email', 'phone'])
        .where('id', '=', earlyPublished.winner.id)
        .executeTakeFirstOrThrow();
      const contest = await server.app.db
        .selectFrom('contests')
        .select(['window_key', 'prize_title_en', 'prize_value_paise', 'show_at', 'published_at'])
        .where('id', '=', earlyPublished.contestId)
        .executeTakeFirstOrThrow();
      expect(winners[0]).toEqual({
        contestId: earlyPublished.contestId,
        windowKey: contest.window_key,
        slot: 'A',
        winnerName: winnerRow.first_name,
        prizeTitle: contest.prize_title_en,
        prizeKind: 'cash',
        prizeValuePaise: Number(contest.prize_value_paise),
        publishedAt: new Date(now - 5 * DAY).toISOString(),
        showAt: new Date(now - 2 * DAY - HOUR).toISOString(),
        publicSince: new Date(now - 2 * DAY - HOUR).toISOString(),
        daysAgo: 2,
      });
      expect(winners[1]).toMatchObject({ publicSince: new Date(now - 5 * DAY).toISOString(), daysAgo: 5 });
      // The winner's contact details stay in the claim; this list names them as the public pages do.
      expect(res.body).not.toContain(winnerRow.email);
      expect(res.body).not.toContain(winnerRow.phone);
      expect(res.body).not.toContain(winnerRow.last_name);

      // Once the show starts, that result's winner is waiting too.
      clock.advance(4 * HOUR);
      // A fresh session: the first one has been idle longer than a session lasts.
      const [sameAdmin] = await insertStaff(server, ['admin'], clock.now);
      const later = await get(server, '/api/v1/admin/claims/unclaimed', { cookie: sameAdmin!.cookie });
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().data.winners.map((w: UnclaimedWinner) => w.contestId)).toEqual([
        beforeShow.contestId,
        earlyPublished.contestId,
        older.contestId,
      ]);
      expect(later.json().data.winners[0].daysAgo).toBe(0);
    });

    it('is for admins only', async () => {
      const [judge] = await insertStaff(server, ['judge'], clock.now);
      expect((await get(server, '/api/v1/admin/claims/unclaimed')).statusCode).toBe(401);
      expect((await get(server, '/api/v1/admin/claims/unclaimed', { cookie: judge!.cookie })).statusCode).toBe(403);
    });
  },
  { env: { CONTEST_PRIZE_KIND: 'cash' } },
);
