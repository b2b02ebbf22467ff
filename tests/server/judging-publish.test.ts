import { expect, it, vi } from 'vitest';
import { del, get, insertActiveUsers, insertStaff, post } from '../support/accounts.ts';
import { put } from '../support/contests.ts';
import { useJudgingSuite } from '../support/judging.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 9, judging: the admin reviews, resets a mark, and publishes; the winner and every entrant
// are told once.

describeOnEachDatabase('judging, ranking and publishing', (server) => {
  const { clock, closedContest } = useJudgingSuite(server);

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
    // The last required mark is wrong: judged, but not published, so it can still be reset. The
    // judged point and the ranking are undone until the judge marks again.
    await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 900, y: 900 }, { cookie: j2!.cookie });
    expect(
      (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data,
    ).toMatchObject({ state: 'judged', judged: { x: 467, y: 483.5 } });
    expect(
      (await del(server, `/api/v1/admin/results/${contestId}/marks/${j2!.id}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(200);
    expect(
      (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data,
    ).toMatchObject({ state: 'judging', judged: null, entries: [], marks: [{ judgeId: j1!.id }] });
    expect(
      await server.app.db.selectFrom('contest_ranks').select('ticket_id').where('contest_id', '=', contestId).execute(),
    ).toEqual([]);
    await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 34, y: 67 }, { cookie: j2!.cookie });
    // Judged: no more marks.
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
    // Published after the show's start (the suite's show is now): public, and told, at once.
    expect(published.json().data).toEqual({ notices: 3, publicAt: clock.now });
    expect(
      (await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, { cookie: admin!.cookie }))
        .statusCode,
    ).toBe(409);
    // Published: the marks stand.
    expect(
      (await del(server, `/api/v1/admin/results/${contestId}/marks/${j1!.id}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(409);
    const contest = await server.app.db
      .selectFrom('contests')
      .select(['state', 'published_at', 'published_by'])
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow();
    expect(contest).toEqual({ state: 'published', published_at: clock.now, published_by: admin!.id });

    // The notices go out after the answer; the job's run sends what is left. A notice the answer's
    // own sender is still sending is leased: the job leaves it, so wait until every one has gone.
    const { sendResultNotices } = await import('../../server/services/judging/notices.ts');
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
      /^CricSpot: congratulations .+, you won Contest A of \d+ \w{3} 2026! Claim your prize in My entries: .+\/my_entries$/,
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
    const { publishResult } = await import('../../server/services/judging/results.ts');
    const { sendResultNotices } = await import('../../server/services/judging/notices.ts');
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
