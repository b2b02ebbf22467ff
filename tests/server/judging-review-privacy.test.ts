// An admin who is also a judge must not learn from the console's review what the judges' panel
// hides before they submit: the other judges' marks (and, in the ranking, nothing exists yet).
import { expect, it } from 'vitest';
import { get, insertActiveUsers, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { confirmedTicket } from '../support/judging.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('the result review and a judge who is also an admin', (server) => {
  const clock = useTestClock(server);

  it("withholds the other judges' marks from an admin-judge, before and after they mark", async () => {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -3 * 86_400_000,
      closesInMs: -3_600_000,
    });
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const [both] = await insertStaff(server, ['admin', 'judge'], clock.now);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 123, y: 456 }, { cookie: judge!.cookie }))
        .statusCode,
    ).toBe(200);

    const hidden = await get(server, `/api/v1/admin/results/${contestId}`, { cookie: both!.cookie });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ state: 'judging', marksHidden: true, marks: [] });
    // Nowhere in the answer as a number (a random id may well contain the digits 456).
    expect(hidden.body).not.toMatch(/[:[,](123|456)[,\]}]/);

    // A plain admin sees the mark with the judge's name and time.
    const plain = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data;
    expect(plain).toMatchObject({ marksHidden: false, marks: [{ judgeId: judge!.id, x: 123, y: 456, at: clock.now }] });

    clock.advance(1000);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 120, y: 450 }, { cookie: both!.cookie }))
        .statusCode,
    ).toBe(200);
    // Marked, and still hidden until publication (issue 27, finding 10: tests/server/judge-marks-privacy.test.ts).
    const still = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: both!.cookie })).json().data;
    expect(still).toMatchObject({ marksHidden: true, markCount: 2 });
    expect(still.marks.map((m: { judgeId: string }) => m.judgeId)).toEqual([both!.id]);
  });

  it("lists the top entries with the player's first name, and the winner's state once they have claimed", async () => {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -3 * 86_400_000,
      closesInMs: -3_600_000,
    });
    const [winner, other] = await insertActiveUsers(server, 2, clock.now);
    const ticket = (userId: string, x: number, y: number, at: number) =>
      confirmedTicket(server, contestId, userId, x, y, at);
    const winning = await ticket(winner!.id, 500, 400, clock.now - 7_200_000);
    await ticket(other!.id, 600, 400, clock.now - 7_000_000);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const judges = await insertStaff(server, ['judge'], clock.now, 3);
    for (const j of judges)
      expect(
        (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 500, y: 400 }, { cookie: j.cookie }))
          .statusCode,
      ).toBe(200);
    const before = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data;
    expect(
      before.entries.map((e: { rank: number; firstName: string; state: string | null; distance: number }) => [
        e.rank,
        e.firstName,
        e.state,
        e.distance,
      ]),
    ).toEqual([
      [1, 'Ravi', null, 0],
      [2, 'Ravi', null, 100],
    ]);
    // The winner's prize claim gives the state (written here as the claim form would leave it).
    await server.app.db
      .insertInto('prize_claims')
      .values({
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: winner!.id,
        ticket_id: winning,
        status: 'submitted',
        details_enc: 'v1:test',
        state: 'Karnataka',
        gross_paise: 0,
        tds_paise: 0,
        net_paise: 0,
        note: null,
        submitted_at: clock.now,
        verified_at: null,
        sent_at: null,
        updated_at: clock.now,
      })
      .execute();
    const after = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data;
    expect(after.entries.map((e: { state: string | null }) => e.state)).toEqual(['Karnataka', null]);
  });
});
