// Issue 9, judging: judges mark a closed contest alone; the required marks fix the judged point
// as their exact mean and rank every confirmed ticket; the admin reviews, resets a mark, and
// publishes; the winner and every entrant are told once.
import { expect, it, vi } from 'vitest';
import { del, get, insertActiveUsers, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest, PICTURE_HEIGHT, PICTURE_WIDTH } from '../support/contests.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const HOUR = 3_600_000;

async function confirmedTicket(
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

function put(server: ServerHarness, url: string, payload: unknown, cookie: string) {
  return server.app.inject({
    method: 'PUT',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
    remoteAddress: '127.0.0.1',
  });
}

describeOnEachDatabase('judging, ranking and publishing', (server) => {
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

  it('the admin sets the judges required, reviews, resets a mark, and publishes once; everyone is told once', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const bad = await put(server, '/api/v1/admin/judging/settings', { judgesRequired: 10 }, admin!.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a whole number from 1 to 9.');
    const set = await put(server, '/api/v1/admin/judging/settings', { judgesRequired: 2 }, admin!.cookie);
    expect(set.json().data).toEqual({ judgesRequired: 2 });

    const { contestId, players } = await closedContest();
    const [j1, j2, j3] = await insertStaff(server, ['judge'], clock.now, 3);
    await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 500, y: 500 }, { cookie: j1!.cookie });
    // The admin sees the first mark with its judge, resets it (the judge erred), and the judge marks again.
    const review = await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data).toMatchObject({
      state: 'judging',
      required: 2,
      marks: [{ judgeId: j1!.id, x: 500, y: 500 }],
      judged: null,
      entries: [],
      ticketCount: 4,
      entrantCount: 3,
    });
    expect(
      (await del(server, `/api/v1/admin/results/${contestId}/marks/${j1!.id}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(200);
    expect(
      (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data,
    ).toMatchObject({ state: 'awaiting', marks: [] });
    const early = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
      cookie: admin!.cookie,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('RESULT_NOT_JUDGED');

    await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 34, y: 67 }, { cookie: j1!.cookie });
    await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 34, y: 67 }, { cookie: j2!.cookie });
    // Judged: no more resets, no more marks.
    expect(
      (await del(server, `/api/v1/admin/results/${contestId}/marks/${j1!.id}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(409);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 1, y: 1 }, { cookie: j3!.cookie }))
        .statusCode,
    ).toBe(409);
    const judged = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data;
    expect(judged.judged).toMatchObject({ x: 34, y: 67 });
    expect(judged.entries[0]).toMatchObject({ rank: 1, x: 34, y: 67, distance: 0 });

    const published = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
      cookie: admin!.cookie,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toEqual({ notices: 3 });
    expect(
      (await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, { cookie: admin!.cookie }))
        .statusCode,
    ).toBe(409);
    const contest = await server.app.db
      .selectFrom('contests')
      .select(['state', 'published_at', 'published_by'])
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow();
    expect(contest).toEqual({ state: 'published', published_at: clock.now, published_by: admin!.id });

    // The notices go out after the answer; the job's run sends what is left. A notice the answer's
    // own sender is still sending is leased: the job leaves it, so wait until every one has gone.
    const { sendResultNotices } = await import('../../server/services/judging.service.ts');
    await vi.waitFor(async () => {
      await sendResultNotices(server.app.db, server.app.messages, server.config.publicUrl, () => clock.now, contestId);
      const unsent = await server.app.db
        .selectFrom('result_notices')
        .select('user_id')
        .where('contest_id', '=', contestId)
        .where('sent_at', 'is', null)
        .execute();
      expect(unsent).toEqual([]);
    });
    const notices = await server.app.db
      .selectFrom('result_notices')
      .selectAll()
      .where('contest_id', '=', contestId)
      .orderBy('best_rank')
      .execute();
    expect(notices.map((n) => [n.user_id, n.kind, n.best_rank, n.sent_at !== null])).toEqual([
      [players.a.id, 'winner', 1, true],
      [players.c.id, 'entrant', 2, true],
      [players.b.id, 'entrant', 3, true],
    ]);
    const winner = await server.app.db
      .selectFrom('users')
      .select(['phone', 'email'])
      .where('id', '=', players.a.id)
      .executeTakeFirstOrThrow();
    const toWinner = await server.app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', 'in', [winner.phone, winner.email])
      .execute();
    expect(toWinner).toHaveLength(2);
    expect(toWinner.find((m) => m.channel === 'sms')!.body).toMatch(
      /^CricSpot: congratulations .+, you won Contest A of \d+ \w{3} 2026! Claim your prize in My Account: /,
    );
    const c = await server.app.db
      .selectFrom('users')
      .select(['phone'])
      .where('id', '=', players.c.id)
      .executeTakeFirstOrThrow();
    const toC = await server.app.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', c.phone)
      .execute();
    expect(toC.map((m) => m.body)).toEqual([expect.stringContaining('Your best ticket ranked #2.')]);
    // Run again: nobody is told twice.
    await sendResultNotices(server.app.db, server.app.messages, server.config.publicUrl, () => clock.now);
    expect(
      await server.app.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', 'in', [winner.phone, winner.email])
        .execute(),
    ).toHaveLength(2);

    const actions = (
      await server.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', 'in', [contestId, 'judges_required'])
        .execute()
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['setting.judges_required', 'judging.reset', 'result.publish']));
    await put(server, '/api/v1/admin/judging/settings', { judgesRequired: 3 }, admin!.cookie);
  });

  it('a notice that fails to send is retried later, and sent once', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    await put(server, '/api/v1/admin/judging/settings', { judgesRequired: 1 }, admin!.cookie);
    const { contestId } = await closedContest();
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 40, y: 60 }, { cookie: judge!.cookie });
    const { publishResult, sendResultNotices } = await import('../../server/services/judging.service.ts');
    await publishResult(server.app.db, { id: admin!.id, name: 'Admin' }, contestId, clock.now);
    let calls = 0;
    const failing = {
      send: async () => {
        calls += 1;
        throw new Error('relay down');
      },
    };
    expect(await sendResultNotices(server.app.db, failing, 'http://x', () => clock.now, contestId)).toEqual({
      sent: 0,
      failed: 3,
    });
    expect(calls).toBe(3);
    expect(await sendResultNotices(server.app.db, server.app.messages, 'http://x', () => clock.now, contestId)).toEqual(
      { sent: 3, failed: 0 },
    );
    expect(await sendResultNotices(server.app.db, server.app.messages, 'http://x', () => clock.now, contestId)).toEqual(
      { sent: 0, failed: 0 },
    );
    await put(server, '/api/v1/admin/judging/settings', { judgesRequired: 3 }, admin!.cookie);
  });

  it('judges cannot use the admin review, and players neither panel', async () => {
    const { contestId } = await closedContest();
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const [player] = await insertActiveUsers(server, 1, clock.now);
    expect((await get(server, `/api/v1/admin/results/${contestId}`, { cookie: judge!.cookie })).statusCode).toBe(403);
    expect(
      (await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, { cookie: judge!.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await get(server, '/api/v1/judge/contests', { cookie: player!.cookie })).statusCode).toBe(403);
    expect(
      (await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 1, y: 1 }, { cookie: player!.cookie }))
        .statusCode,
    ).toBe(403);
  });
});
