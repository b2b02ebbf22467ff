import { insertActiveUsers, useTestClock } from './accounts.ts';
import { addContestPicture, addTestContest } from './contests.ts';
import type { ServerHarness } from './server-harness.ts';

// Issue 9's server suites (tests/server/judging*.test.ts): closed contests with confirmed tickets.

const HOUR = 3_600_000;

/** A confirmed ticket written straight into the database; its id. */
export async function confirmedTicket(
  server: ServerHarness,
  contestId: string,
  userId: string,
  x: number,
  y: number,
  confirmedAt: number,
): Promise<string> {
  const id = crypto.randomUUID();
  await server.app.db
    .insertInto('tickets')
    .values({
      id,
      contest_id: contestId,
      user_id: userId,
      x,
      y,
      status: 'confirmed',
      reservation_id: null,
      created_at: confirmedAt,
      confirmed_at: confirmedAt,
    })
    .execute();
  return id;
}

/**
 * The judging suites' clock and their closed contest.
 */
export function useJudgingSuite(server: ServerHarness) {
  const clock = useTestClock(server);

  /** A contest that closed an hour ago, with three players' confirmed tickets. */
  async function closedContest() {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -3 * 86_400_000,
      closesInMs: -HOUR,
    });
    const [a, b, c] = await insertActiveUsers(server, 3, clock.now);
    const t0 = clock.now - 2 * 86_400_000;
    const tickets = {
      // The judged point below is (101/3, 200/3) = (33.67, 66.67).
      aFar: await confirmedTicket(server, contestId, a!.id, 900, 900, t0),
      aNear: await confirmedTicket(server, contestId, a!.id, 34, 67, t0 + 5),
      // b and c at the same exact distance as each other: the earlier confirmation ranks first.
      bTie: await confirmedTicket(server, contestId, b!.id, 40, 60, t0 + 20),
      cTie: await confirmedTicket(server, contestId, c!.id, 40, 60, t0 + 10),
    };
    return { contestId, players: { a: a!, b: b!, c: c! }, tickets };
  }

  return { clock, closedContest };
}
