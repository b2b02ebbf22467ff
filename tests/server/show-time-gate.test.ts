import { expect, it, vi } from 'vitest';
import { get, insertStaff, post } from '../support/accounts.ts';
import { useJudgingSuite } from '../support/judging.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { NOTICE_MAX_ATTEMPTS, sendResultNotices } from '../../server/services/judging/notices.ts';
import { createSession } from '../../server/services/accounts/session.service.ts';

// Issue 26: a result published before its winner show stays hidden from players and the public
// (winners' circle, live page, My entries, publication files, claims, notices) until the show
// starts; published after the show it is public at once. And the publish page's counter of
// messages says what really happened to them.

const HOUR = 3_600_000;

describeOnEachDatabase('the show-time gate and the publish counter', (server) => {
  const { clock, closedContest } = useJudgingSuite(server);

  /** A closed contest judged by three judges, its show `showInMs` from now; the admin's cookie. */
  async function judged(showInMs: number) {
    const contest = await closedContest();
    await server.app.db
      .updateTable('contests')
      .set({ show_at: clock.now + showInMs })
      .where('id', '=', contest.contestId)
      .execute();
    const judges = await insertStaff(server, ['judge'], clock.now, 3);
    for (const judge of judges) {
      const res = await post(
        server,
        `/api/v1/judge/contests/${contest.contestId}/mark`,
        { x: 34, y: 67 },
        {
          cookie: judge.cookie,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    return { ...contest, admin: admin! };
  }
  /**
   * The publish answer sends its notices after it has answered: wait until that sender has tried
   * each one (attempted, lease given back), so the counter is read after it and not during it.
   */
  const afterPublishSends = (contestId: string) =>
    vi.waitFor(
      async () => {
        const rows = await server.app.db
          .selectFrom('result_notices')
          .select(['attempts', 'claimed_until'])
          .where('contest_id', '=', contestId)
          .execute();
        expect(rows.every((row) => row.attempts >= 1 && row.claimed_until === null)).toBe(true);
      },
      { timeout: 10_000, interval: 20 },
    );
  const notices = () => sendResultNotices(server.app.db, server.app.messages, server.config.publicUrl, () => clock.now);
  const review = async (contestId: string, cookie: string) =>
    (await get(server, `/api/v1/admin/results/${contestId}`, { cookie })).json().data;
  /** A fresh session (the clock jumps hours; sessions end after 30 idle minutes). */
  const cookieOf = async (userId: string) =>
    `cs_session=${(await createSession(server.app.db, userId, clock.now, { userAgent: 'test', ip: '127.0.0.1' })).token}`;
  const winners = async () =>
    (await get(server, '/api/v1/results/winners?limit=24'))
      .json()
      .data.results.map((c: { contestId: string }) => c.contestId);

  it('published early: hidden everywhere until the show, then revealed (live page "result is in") and told', async () => {
    const { contestId, players, admin } = await judged(2 * HOUR);
    const published = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
      cookie: admin.cookie,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({
      data: { notices: 3, publicAt: clock.now + 2 * HOUR },
      message:
        'The result is published. It stays hidden until the winner show starts; the winner and every entrant are told then.',
    });
    // The publish route's own send and a job run tell nobody before the show.
    expect(await notices()).toEqual({ sent: 0, failed: 0 });
    expect((await review(contestId, admin.cookie)).notices).toEqual({
      total: 3,
      sent: 0,
      notTold: 0,
      failed: 0,
      pending: 3,
      sendsAt: clock.now + 2 * HOUR,
    });

    const hidden = async () => {
      expect(await winners()).not.toContain(contestId);
      const live = (await get(server, '/api/v1/results/live')).json().data;
      expect(live.latest?.contestId).not.toBe(contestId);
      expect(live.next).toMatchObject({ contestId, resultIn: false });
      const mine = (await get(server, '/api/v1/account/entries', { cookie: await cookieOf(players.a.id) })).json().data
        .contests;
      expect(mine.find((c: { contestId: string }) => c.contestId === contestId)).toMatchObject({
        state: 'judged',
        isWinner: false,
        judgedPoint: null,
        entries: null,
        tickets: [{ rank: null }, { rank: null }],
      });
      expect((await get(server, `/api/v1/contests/${contestId}/publication`)).statusCode).toBe(404);
      expect((await get(server, `/api/v1/contests/${contestId}/publication/entries.csv`)).statusCode).toBe(404);
      expect((await get(server, `/api/v1/contests/${contestId}/seal`)).json().data.state).toBe('judged');
      const claim = await post(
        server,
        '/api/v1/account/claims',
        {
          contestId,
          details: {
            fullName: 'A B',
            pan: 'ABCDE1234F',
            address: { line1: 'x', line2: '', city: 'y', state: 'Goa', pin: '403001' },
          },
        },
        { cookie: await cookieOf(players.a.id) },
      );
      expect(claim.statusCode).toBe(403);
    };
    await hidden();
    clock.advance(2 * HOUR - 1);
    await hidden();

    // The show starts: public everywhere, the live page says the result is in, the notices go.
    clock.advance(1);
    expect(await winners()).toContain(contestId);
    const live = (await get(server, '/api/v1/results/live')).json().data;
    expect(live.next).toMatchObject({ contestId, resultIn: true });
    expect(live.latest).toMatchObject({ contestId, winner: { mark: { x: 34, y: 67 } } });
    const mine = (await get(server, '/api/v1/account/entries', { cookie: await cookieOf(players.a.id) })).json().data
      .contests;
    expect(mine.find((c: { contestId: string }) => c.contestId === contestId)).toMatchObject({
      state: 'published',
      isWinner: true,
      entries: 4,
    });
    expect((await get(server, `/api/v1/contests/${contestId}/publication`)).statusCode).toBe(200);
    expect(await notices()).toEqual({ sent: 3, failed: 0 });
    expect((await review(contestId, await cookieOf(admin.id))).notices).toMatchObject({
      total: 3,
      sent: 3,
      pending: 0,
      sendsAt: null,
    });
  });

  it('published after the show: public at once', async () => {
    const { contestId, admin } = await judged(-HOUR);
    const published = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
      cookie: admin.cookie,
    });
    expect(published.json().data).toEqual({ notices: 3, publicAt: clock.now });
    expect(await winners()).toContain(contestId);
    await afterPublishSends(contestId);
    expect((await review(contestId, admin.cookie)).notices).toMatchObject({ total: 3, sent: 3, pending: 0 });
  });

  it('the counter: a deleted account is not counted as told, a notice that failed every try is failed, not pending', async () => {
    const { contestId, players, admin } = await judged(-HOUR);
    await server.app.db.updateTable('users').set({ status: 'deleted' }).where('id', '=', players.b.id).execute();
    const send = server.app.messages.send;
    // c's relay always fails: every try.
    const c = await server.app.db
      .selectFrom('users')
      .select(['phone'])
      .where('id', '=', players.c.id)
      .executeTakeFirstOrThrow();
    server.app.messages.send = async (message) => {
      if (message.recipient === c.phone) throw new Error('relay down');
      return send(message);
    };
    try {
      await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, { cookie: admin.cookie });
      await afterPublishSends(contestId);
      expect((await review(contestId, admin.cookie)).notices).toMatchObject({
        total: 3,
        sent: 1,
        notTold: 1,
        pending: 1,
        failed: 0,
      });
      for (let i = 1; i < NOTICE_MAX_ATTEMPTS; i += 1) await notices();
    } finally {
      server.app.messages.send = send;
    }
    expect((await review(contestId, admin.cookie)).notices).toEqual({
      total: 3,
      sent: 1,
      notTold: 1,
      failed: 1,
      pending: 0,
      sendsAt: null,
    });
  });
});
