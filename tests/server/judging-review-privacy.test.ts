// An admin who is also a judge must not learn from the console's review what the judges' panel
// hides before they submit: the other judges' marks (and, in the ranking, nothing exists yet).
import { expect, it } from 'vitest';
import { get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('the result review and a judge who is also an admin', (server) => {
  const clock = useTestClock(server);

  it('withholds every mark from an admin-judge until they have marked, and shows them after', async () => {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, { pictureId, now: clock.now, opensInMs: -3 * 86_400_000, closesInMs: -3_600_000 });
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const [both] = await insertStaff(server, ['admin', 'judge'], clock.now);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    expect((await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 123, y: 456 }, { cookie: judge!.cookie })).statusCode).toBe(200);

    const hidden = await get(server, `/api/v1/admin/results/${contestId}`, { cookie: both!.cookie });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ state: 'judging', marksHidden: true, marks: [] });
    expect(hidden.body).not.toContain('456');

    // A plain admin sees the mark with the judge's name and time.
    const plain = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: admin!.cookie })).json().data;
    expect(plain).toMatchObject({ marksHidden: false, marks: [{ judgeId: judge!.id, x: 123, y: 456, at: clock.now }] });

    clock.advance(1000);
    expect((await post(server, `/api/v1/judge/contests/${contestId}/mark`, { x: 120, y: 450 }, { cookie: both!.cookie })).statusCode).toBe(200);
    const shown = (await get(server, `/api/v1/admin/results/${contestId}`, { cookie: both!.cookie })).json().data;
    expect(shown.marksHidden).toBe(false);
    expect(shown.marks.map((m: { judgeId: string }) => m.judgeId)).toEqual([judge!.id, both!.id]);
  });
});
