import { expect, it } from 'vitest';
import { defaultBallWidth } from '../../domain/contest-ball-width.ts';
import { auditOf, get, insertStaff, put, useTestClock } from '../support/accounts.ts';
import { addContestPicture, PICTURE_WIDTH } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const DAY = 86_400_000;

describeOnEachDatabase("a contest picture's ball width: the console sets it, the winners' pages use it", (server) => {
  const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));

  it('has a default of one percent of the width, is set and cleared by an admin only, audited once per change', async () => {
    const pictureId = await addContestPicture(server);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const url = `/api/v1/admin/pictures/${pictureId}/ball-width`;
    const fallback = defaultBallWidth(PICTURE_WIDTH);
    expect(fallback).toBe(16);

    const first = await get(server, url, { cookie: admin!.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ set: null, default: fallback, used: fallback });

    expect((await put(server, url, { ballWidth: 22 }, { cookie: judge!.cookie })).statusCode).toBe(403);
    expect((await put(server, url, { ballWidth: 22 })).statusCode).toBe(401);

    const set = await put(server, url, { ballWidth: 22 }, { cookie: admin!.cookie });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ set: 22, default: fallback, used: 22, changed: true });
    const again = await put(server, url, { ballWidth: 22 }, { cookie: admin!.cookie });
    expect(again.json().data.changed).toBe(false);

    // Wider than a quarter of the picture (400 px) or not whole: refused with the reason, nothing changed.
    const wide = await put(server, url, { ballWidth: 401 }, { cookie: admin!.cookie });
    expect([wide.statusCode, wide.json().code], wide.body).toEqual([400, 'PAIR_BALL_WIDTH']);
    expect(wide.json().message).toMatch(/from 4 to 400/);
    const fraction = await put(server, url, { ballWidth: 12.5 }, { cookie: admin!.cookie });
    expect(fraction.statusCode).toBe(400);
    expect((await get(server, url, { cookie: admin!.cookie })).json().data.used).toBe(22);

    const cleared = await put(server, url, { ballWidth: null }, { cookie: admin!.cookie });
    expect(cleared.json().data).toEqual({ set: null, default: fallback, used: fallback, changed: true });

    const audit = await auditOf(server, 'picture', pictureId);
    expect(audit.map((line) => [line.action, line.summary])).toEqual([
      ['picture.ballWidth', "Set the contest picture's ball to 22 px wide"],
      ['picture.ballWidth', `Set the contest picture's ball back to the default width (${fallback} px)`],
    ]);

    expect(
      (await get(server, '/api/v1/admin/pictures/nothing-here/ball-width', { cookie: admin!.cookie })).statusCode,
    ).toBe(404);
  });

  it('the winners card and My entries carry the width in use, so distances are told in ball widths', async () => {
    const pictureId = await addContestPicture(server);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const judged = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 800, y: 500 }],
      marks: [{ x: 830, y: 500 }],
      publishedAt: clock.now - DAY,
    });
    const cardOf = async () =>
      (await get(server, '/api/v1/results/winners?limit=24'))
        .json()
        .data.results.find((c: { contestId: string }) => c.contestId === judged.contestId);
    expect((await cardOf()).ballWidth).toBe(defaultBallWidth(PICTURE_WIDTH));

    await put(server, `/api/v1/admin/pictures/${pictureId}/ball-width`, { ballWidth: 30 }, { cookie: admin!.cookie });
    const card = await cardOf();
    expect(card.ballWidth).toBe(30);
    expect(card.winner.distance).toBe(30);

    const mine = (await get(server, '/api/v1/account/entries', { cookie: judged.winner.cookie })).json().data.contests;
    expect(mine.map((e: { contestId: string; ballWidth: number }) => [e.contestId, e.ballWidth])).toEqual([
      [judged.contestId, 30],
    ]);
    expect(mine[0].tickets[0].distance).toBe(30);
  });
});
