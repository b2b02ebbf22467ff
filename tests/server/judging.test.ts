import { expect, it } from 'vitest';
import { get, insertStaff, post } from '../support/accounts.ts';
import { addContestPicture, addTestContest, PICTURE_HEIGHT, PICTURE_WIDTH } from '../support/contests.ts';
import { useJudgingSuite } from '../support/judging.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 9, judging: judges mark a closed contest alone; the required marks fix the judged point
// as their exact mean and rank every confirmed ticket.

describeOnEachDatabase('judging, ranking and publishing', (server) => {
  const { clock, closedContest } = useJudgingSuite(server);

  it('a judge sees closed contests with counts only, and never another mark or an entry', async () => {
    const { contestId } = await closedContest();
    const [j1, j2] = await insertStaff(server, ['judge'], clock.now, 2);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 10, y: 20 }, { cookie: j1!.cookie }))
        .statusCode,
    ).toBe(200);
    const list = await get(server, '/api/v1/judge/contests', { cookie: j2!.cookie });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().data.contests.find((c: { contestId: string }) => c.contestId === contestId);
    expect(item).toMatchObject({ state: 'judging', marks: 1, required: 3, myMarkAt: null });
    const one = await get(server, `/api/v1/judge/contests/${contestId}`, { cookie: j2!.cookie });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.myMark).toBeNull();
    expect(one.json().data.picture).toMatchObject({ width: PICTURE_WIDTH, height: PICTURE_HEIGHT });
    // Nothing in either answer holds the first judge's point or a ticket's.
    for (const body of [list.body, one.body]) {
      expect(body).not.toContain('"x":10');
      expect(body).not.toMatch(/[:[,]900[,\]}]/);
      expect(body).not.toContain('tickets');
    }
  });

  it('refuses marks before close, outside the picture, twice, and on a cancelled contest', async () => {
    const pictureId = await addContestPicture(server);
    const open = await addTestContest(server, { pictureId, now: clock.now });
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const early = await post(server, `/api/v1/judge/contests/${open}/mark`, { x: 1, y: 1 }, { cookie: judge!.cookie });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'CONTEST_NOT_CLOSED',
      message: 'This contest is still open: judges mark the ball after it closes.',
    });

    const { contestId } = await closedContest();
    const outside = await post(
      server,
      `/api/v1/judge/contests/${contestId}/mark`,
      { x: PICTURE_WIDTH, y: 5 },
      { cookie: judge!.cookie },
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Your mark must be inside the picture.');
    const fraction = await post(
      server,
      `/api/v1/judge/contests/${contestId}/mark`,
      { x: 1.5, y: 5 },
      { cookie: judge!.cookie },
    );
    expect(fraction.statusCode).toBe(400);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 5, y: 5 }, { cookie: judge!.cookie }))
        .statusCode,
    ).toBe(200);
    const twice = await post(
      server,
      `/api/v1/judge/contests/${contestId}/mark`,
      { x: 6, y: 6 },
      { cookie: judge!.cookie },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_MARKED');
    const stored = await server.app.db
      .selectFrom('judge_marks')
      .selectAll()
      .where('contest_id', '=', contestId)
      .execute();
    expect(stored).toEqual([{ contest_id: contestId, judge_id: judge!.id, x: 5, y: 5, created_at: clock.now }]);

    const cancelled = (await closedContest()).contestId;
    await server.app.db.updateTable('contests').set({ state: 'cancelled' }).where('id', '=', cancelled).execute();
    expect(
      (await post(server, `/api/v1/judge/contests/${cancelled}/mark`, { x: 5, y: 5 }, { cookie: judge!.cookie })).json()
        .code,
    ).toBe('CONTEST_NOT_JUDGEABLE');
    expect(
      (
        await post(
          server,
          `/api/v1/judge/contests/${crypto.randomUUID()}/mark`,
          { x: 5, y: 5 },
          { cookie: judge!.cookie },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('the third mark fixes the exact mean and ranks every confirmed ticket, ties to the earliest', async () => {
    const { contestId, players, tickets } = await closedContest();
    // A reserved (unpaid) ticket is not ranked.
    await server.app.db
      .insertInto('tickets')
      .values({
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: players.a.id,
        x: 35,
        y: 67,
        status: 'reserved',
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: null,
      })
      .execute();
    const judges = await insertStaff(server, ['judge'], clock.now, 3);
    const marks = [
      { x: 30, y: 60 },
      { x: 35, y: 70 },
      { x: 36, y: 70 },
    ];
    const answers = [];
    for (const [i, judge] of judges.entries())
      answers.push(
        (await post(server, `/api/v1/judge/contests/${contestId}/mark`, marks[i], { cookie: judge.cookie })).json(),
      );
    expect(answers.map((a) => a.data)).toEqual([
      { state: 'judging', marks: 1, required: 3 },
      { state: 'judging', marks: 2, required: 3 },
      { state: 'judged', marks: 3, required: 3 },
    ]);
    const contest = await server.app.db
      .selectFrom('contests')
      .selectAll()
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow();
    expect(contest).toMatchObject({
      state: 'judged',
      judged_sum_x: 101,
      judged_sum_y: 200,
      judged_count: 3,
      judged_at: clock.now,
    });
    const ranks = await server.app.db
      .selectFrom('contest_ranks')
      .selectAll()
      .where('contest_id', '=', contestId)
      .orderBy('rank')
      .execute();
    expect(ranks.map((r) => r.ticket_id)).toEqual([tickets.aNear, tickets.cTie, tickets.bTie, tickets.aFar]);
    expect(ranks[0]!.distance).toBeCloseTo(Math.hypot(34 - 101 / 3, 67 - 200 / 3), 9);
    // A fourth judge comes too late.
    const [late] = await insertStaff(server, ['judge'], clock.now);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 1, y: 1 }, { cookie: late!.cookie })).json()
        .code,
    ).toBe('CONTEST_NOT_JUDGEABLE');
    // Every mark is in the audit log with who and when.
    const log = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', contestId)
      .orderBy('created_at')
      .execute();
    expect(
      log
        .filter((e) => e.action === 'judging.mark')
        .map((e) => e.actor_id)
        .sort(),
    ).toEqual(judges.map((j) => j.id).sort());
    expect(log.some((e) => e.action === 'judging.judged')).toBe(true);
  });
});
