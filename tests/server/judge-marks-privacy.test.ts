// Issue 27, finding 10: an admin who revoked their own judge role saw the other judges' marks in
// the console's review before marking. Anyone who is or has been a judge of a contest (since it
// opened) sees no marks in the review until the result is published; an admin who never judged
// it sees them all.
import { expect, it } from 'vitest';
import { createSession } from '../../server/services/accounts/session.service.ts';
import { del, get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const DAY = 86_400_000;
type Staff = { id: string; cookie: string };

describeOnEachDatabase('judges never see the other marks before publication (issue 27, finding 10)', (server) => {
  const clock = useTestClock(server);

  const closedContest = async () =>
    addTestContest(server, {
      pictureId: await addContestPicture(server),
      now: clock.now,
      opensInMs: -3 * DAY,
      closesInMs: -3_600_000,
    });
  const review = async (who: Staff, contestId: string) => {
    const res = await get(server, `/api/v1/admin/results/${contestId}`, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { state: string; marksHidden: boolean; marks: Array<{ judgeId: string }> };
  };
  const mark = async (who: Staff, contestId: string, x: number, y: number) => {
    const res = await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x, y }, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    clock.advance(1000);
  };
  const setRole = async (admin: Staff, userId: string, give: boolean) => {
    const res = give
      ? await post(server, `/api/v1/admin/users/${userId}/roles`, { role: 'judge' }, { cookie: admin.cookie })
      : await del(server, `/api/v1/admin/users/${userId}/roles/judge`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    clock.advance(1000);
  };

  it('an admin who revokes their own judge role, looks, takes it back and marks: hidden until published', async () => {
    const contestId = await closedContest();
    const [plain] = await insertStaff(server, ['admin'], clock.now);
    const [both] = await insertStaff(server, ['admin', 'judge'], clock.now);
    const judges = await insertStaff(server, ['judge'], clock.now, 2);
    await mark(judges[0]!, contestId, 500, 400);

    await setRole(both!, both!.id, false);
    expect(await review(both!, contestId)).toMatchObject({ state: 'judging', marksHidden: true, marks: [] });
    await setRole(both!, both!.id, true);
    await mark(both!, contestId, 502, 401);
    // Marked: their own mark, still nothing of the others (a reset of their own mark would let
    // them mark again). How many have marked is no secret; the marks are.
    expect(await review(both!, contestId)).toMatchObject({ marksHidden: true, markCount: 2 });
    expect((await review(both!, contestId)).marks.map((m) => m.judgeId)).toEqual([both!.id]);
    // An admin who never judged this contest sees every mark.
    expect((await review(plain!, contestId)).marks.map((m) => m.judgeId)).toEqual([judges[0]!.id, both!.id]);

    await mark(judges[1]!, contestId, 498, 399);
    expect(await review(both!, contestId)).toMatchObject({ state: 'judged', marksHidden: true });
    expect((await review(both!, contestId)).marks.map((m) => m.judgeId)).toEqual([both!.id]);
    const published = await post(server, `/api/v1/admin/results/${contestId}/publish`, undefined, {
      cookie: plain!.cookie,
    });
    expect(published.statusCode, published.body).toBe(200);
    const after = await review(both!, contestId);
    expect(after).toMatchObject({ state: 'published', marksHidden: false });
    expect(after.marks.map((m) => m.judgeId)).toEqual([judges[0]!.id, both!.id, judges[1]!.id]);
  });

  it('a judge role given up after the contest opened still counts; one given up before it does not', async () => {
    const [root] = await insertStaff(server, ['admin'], clock.now);
    const [formerEarly, formerLate] = await insertStaff(server, ['admin', 'judge'], clock.now, 2);
    await setRole(root!, formerEarly!.id, false);
    clock.advance(4 * DAY);
    // Four days on: new sessions (the old ones ended after 30 idle minutes).
    for (const who of [root!, formerEarly!, formerLate!]) {
      const { token } = await createSession(server.app.db, who.id, clock.now, { userAgent: 'test', ip: '127.0.0.1' });
      who.cookie = `cs_session=${token}`;
    }
    const contestId = await closedContest();
    await setRole(root!, formerLate!.id, false);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    await mark(judge!, contestId, 300, 200);

    expect(await review(formerLate!, contestId)).toMatchObject({ marksHidden: true, marks: [] });
    const early = await review(formerEarly!, contestId);
    expect(early.marksHidden).toBe(false);
    expect(early.marks.map((m) => m.judgeId)).toEqual([judge!.id]);
  });
});
