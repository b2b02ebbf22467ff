import { expect } from 'vitest';
import { createSession } from '../../server/services/accounts/session.service.ts';
import { sealDueContests } from '../../server/services/judging/verification.service.ts';
import { get, insertActiveUsers, insertStaff, post, useTestClock } from './accounts.ts';
import { addContestPicture, addTestContest, insertTickets } from './contests.ts';
import type { ServerHarness } from './server-harness.ts';

// Issue 12's server suites (tests/server/verification*.test.ts): contests sealed at close.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function activeReservation(
  server: ServerHarness,
  contestId: string,
  userId: string,
  x: number,
  y: number,
  now: number,
): Promise<{ reservationId: string; ticketId: string }> {
  const reservationId = crypto.randomUUID();
  const ticketId = crypto.randomUUID();
  await server.app.db
    .insertInto('reservations')
    .values({
      id: reservationId,
      user_id: userId,
      contest_id: contestId,
      status: 'active',
      ticket_count: 1,
      amount_paise: 0,
      expires_at: now + 15 * 60_000,
      created_at: now,
    })
    .execute();
  await insertTickets(server, [
    {
      id: ticketId,
      contest_id: contestId,
      user_id: userId,
      x,
      y,
      status: 'reserved',
      reservation_id: reservationId,
      created_at: now,
      confirmed_at: null,
    },
  ]);
  return { reservationId, ticketId };
}

/**
 * The verifiable results suites' clock and calls: the public seal, the seal job, a fresh session,
 * a contest at its close with tickets and a late reservation, and judging then publishing one.
 */
export function useSealingSuite(server: ServerHarness) {
  const clock = useTestClock(server);
  const seal = (id: string) => get(server, `/api/v1/contests/${id}/seal`);
  const runSealJob = () => sealDueContests(server.app.db, server.app.secret, clock.now);
  /** A fresh session (the test clock jumps days; sessions end after 30 idle minutes). */
  const relogin = async (user: { id: string; cookie: string }) => {
    const { token } = await createSession(server.app.db, user.id, clock.now, { userAgent: 'test', ip: '127.0.0.1' });
    user.cookie = `cs_session=${token}`;
  };

  /** A contest closing in an hour, three players with confirmed tickets, one reservation still open at close. */
  async function contestAtClose() {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -2 * DAY,
      closesInMs: HOUR,
    });
    const [a, b, c] = await insertActiveUsers(server, 3, clock.now);
    const t0 = clock.now - DAY;
    const row = (userId: string, x: number, y: number, at: number) => ({
      id: crypto.randomUUID(),
      contest_id: contestId,
      user_id: userId,
      x,
      y,
      status: 'confirmed' as const,
      reservation_id: null,
      created_at: at,
      confirmed_at: at,
    });
    const rows = [
      row(a!.id, 100, 100, t0),
      row(a!.id, 510, 300, t0 + 7),
      row(b!.id, 40, 60, t0 + 3),
      row(c!.id, 700, 500, t0 + 3),
    ];
    await insertTickets(server, rows);
    // c pays in the last minutes: the reservation outlives the close (issue 10).
    clock.advance(HOUR - 60_000);
    const late = await activeReservation(server, contestId, c!.id, 505, 305, clock.now);
    clock.advance(2 * 60_000);
    for (const p of [a!, b!, c!]) await relogin(p);
    return { contestId, players: { a: a!, b: b!, c: c! }, tickets: rows.map((r) => r.id), late };
  }

  async function judgeAndPublish(contestId: string, marks: Array<{ x: number; y: number }>) {
    const judges = await insertStaff(server, ['judge'], clock.now, marks.length);
    for (const [i, mark] of marks.entries()) {
      const res = await post(server, `/api/v1/judge/contests/${contestId}/mark`, mark, { cookie: judges[i]!.cookie });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const published = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
      cookie: admin!.cookie,
    });
    expect(published.statusCode, published.body).toBe(200);
  }

  return { clock, seal, runSealJob, relogin, contestAtClose, judgeAndPublish };
}
