import { expect, it } from 'vitest';
import { get, insertStaff, post } from '../support/accounts.ts';
import { addTestContest } from '../support/contests.ts';
import { useContestsConsole } from '../support/contests-console.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { istDate } from '../../domain/schedule.ts';

// Issue 26: the console needs no SQL to move a contest's close. Close now (with a reason,
// audited; the seal and judging follow the close) and Reopen (only before any judge has marked;
// a seal made at the close is withdrawn, kept in the audit log, and made again at the new close).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeOnEachDatabase('Close now and Reopen', (server) => {
  const { clock, admin, players, pictures, db, buy, auditOf, body } = useContestsConsole(server);
  const close = (id: string, reason: unknown, cookie = admin.cookie) =>
    post(server, `/api/v1/admin/contests/${id}/close`, { reason }, { cookie });
  const reopen = (id: string, body: unknown, cookie = admin.cookie) =>
    post(server, `/api/v1/admin/contests/${id}/reopen`, body, { cookie });
  const sealOf = async (id: string) => (await get(server, `/api/v1/contests/${id}/seal`)).json().data.seal;

  it('closes an open contest now: audited, sealed at once, no more entries; refuses what is not open', async () => {
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now, closesInMs: 2 * DAY });
    const scheduled = clock.now + 2 * DAY;
    await buy(players[0]!, id, 2);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    expect((await close(id, 'Testing the week early.', judge!.cookie)).statusCode).toBe(403);
    const noReason = await close(id, '');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Write why (at least 3 characters): it goes to the audit log');
    const upcoming = await addTestContest(server, {
      pictureId: pictures.contest,
      now: clock.now,
      opensInMs: 5 * DAY,
      closesInMs: 7 * DAY,
    });
    const notOpen = await close(upcoming, 'Too early to close.');
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json()).toMatchObject({
      code: 'CONTEST_NOT_OPEN',
      message: 'Only a contest that takes entries now can be closed now.',
    });

    const before = (await get(server, `/api/v1/admin/contests/${id}`, { cookie: admin.cookie })).json().data;
    expect(before).toMatchObject({
      state: 'open',
      closable: true,
      reopenable: false,
      closedEarlyFrom: null,
      sealed: false,
    });
    const closed = await close(id, 'Testing the week early.');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      state: 'closed',
      closesAt: new Date(clock.now - 1).toISOString(),
      closedEarlyFrom: new Date(scheduled).toISOString(),
      closable: false,
      reopenable: true,
      sealed: true,
    });
    // The seal follows the close at once (no reservation can still confirm), and judging opens.
    expect(await sealOf(id)).toMatchObject({ leafCount: 2 });
    expect((await get(server, `/api/v1/judge/contests`, { cookie: judge!.cookie })).statusCode).toBe(200);
    const late = await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 1, y: 1 }] },
      {
        cookie: players[1]!.cookie,
      },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('GAME_PLAY_CLOSED');
    const [audit] = await auditOf(id, 'contest.close');
    expect(JSON.parse(audit!.before_json!)).toEqual({ closesAt: new Date(scheduled).toISOString() });
    expect(JSON.parse(audit!.after_json!)).toEqual({
      closesAt: new Date(clock.now - 1).toISOString(),
      reason: 'Testing the week early.',
    });
    expect((await close(id, 'Closing it twice.')).statusCode).toBe(409);
  });

  it('reopens a closed contest before any judge marks it: the seal is withdrawn and made again at the new close', async () => {
    // The windows of the test before are out of the way.
    await db().updateTable('contests').set({ state: 'cancelled' }).execute();
    const id = await addTestContest(server, { pictureId: pictures.other, now: clock.now, closesInMs: 2 * DAY });
    await buy(players[2]!, id, 1);
    expect((await close(id, 'Closed by mistake.')).statusCode).toBe(200);
    const sealed = await sealOf(id);
    expect(sealed).toMatchObject({ leafCount: 1 });

    const showAt = clock.now + 2 * DAY + HOUR;
    for (const [closesAt, why] of [
      [clock.now - 1, 'in the past'],
      [showAt + 1, 'after the show'],
    ] as const) {
      const res = await reopen(id, { reason: 'Reopening it now.', closesAt: new Date(closesAt).toISOString() });
      expect(res.statusCode, why).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'REOPEN_CLOSE_INVALID',
        message: 'The new close must be in the future and no later than the winner show.',
      });
    }
    // Another contest in the way: the refusal names it.
    const other = await addTestContest(server, {
      pictureId: pictures.contest,
      now: clock.now,
      opensInMs: DAY,
      closesInMs: 3 * DAY,
    });
    const overlap = await reopen(id, {
      reason: 'Reopening it now.',
      closesAt: new Date(clock.now + 2 * DAY).toISOString(),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'CONTEST_WINDOW_OVERLAP', details: { contestId: other } });
    await db().updateTable('contests').set({ state: 'cancelled' }).where('id', '=', other).execute();

    const newClose = clock.now + DAY;
    const reopened = await reopen(id, { reason: 'Reopening it now.', closesAt: new Date(newClose).toISOString() });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      message: 'The contest takes entries again until its new close.',
      data: { state: 'open', closesAt: new Date(newClose).toISOString(), closedEarlyFrom: null, sealed: false },
    });
    expect(await sealOf(id)).toBeNull();
    const [audit] = await auditOf(id, 'contest.reopen');
    expect(JSON.parse(audit!.before_json!).seal).toEqual(sealed);
    expect(audit!.summary).toContain('the seal made at the close was withdrawn');
    // Entries again, then a second close seals the new list.
    await buy(players[3]!, id, 1);
    expect((await close(id, 'Now for real.')).statusCode).toBe(200);
    expect(await sealOf(id)).toMatchObject({ leafCount: 2 });

    // Once a judge has marked, no reopening.
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const marked = await post(server, `/api/v1/judge/contests/${id}/mark`, { x: 10, y: 10 }, { cookie: judge!.cookie });
    expect(marked.statusCode, marked.body).toBe(200);
    const refused = await reopen(id, { reason: 'Reopening it now.', closesAt: new Date(newClose).toISOString() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONTEST_NOT_REOPENABLE');
    expect((await get(server, `/api/v1/admin/contests/${id}`, { cookie: admin.cookie })).json().data.reopenable).toBe(
      false,
    );
  });

  it('with a payment still out at the close, the seal waits for it (as at a scheduled close)', async () => {
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now, closesInMs: 2 * DAY });
    await buy(players[0]!, id, 1, false);
    const closed = await close(id, 'Closing with a payment out.');
    expect(closed.json().data.sealed).toBe(false);
    expect(await sealOf(id)).toBeNull();
  });
  it('a contest closed early still holds its schedule window: a new contest in the rest of it is refused by name, not as an overlap', async () => {
    await db().updateTable('contests').set({ state: 'cancelled' }).execute();
    // This week's B window (Saturday 11:30 IST now) until Sunday night, made in the console.
    const window = {
      closesAt: new Date(istDate(2026, 11, 23).getTime() - 1).toISOString(),
      showAt: istDate(2026, 11, 23, 10).toISOString(),
    };
    const made = await post(
      server,
      '/api/v1/admin/contests',
      body({ ...window, opensAt: new Date(clock.now - HOUR).toISOString() }),
      { cookie: admin.cookie },
    );
    expect(made.statusCode, made.body).toBe(201);
    const held = made.json().data as { id: string; windowKey: string; slot: 'A' | 'B' };
    expect(held.slot).toBe('B');
    expect((await close(held.id, 'Sold what we meant to.')).statusCode).toBe(200);

    const before = await db().selectFrom('contests').select('id').execute();
    const later = body({ ...window, opensAt: new Date(clock.now + HOUR).toISOString(), pictureId: pictures.other });
    const refused = await post(server, '/api/v1/admin/contests', later, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONTEST_WINDOW_HELD',
      message: `Contest B (${held.windowKey}) holds this schedule window, though their times do not overlap. Pick another window, or cancel that contest first.`,
      details: {
        contestId: held.id,
        windowKey: held.windowKey,
        slot: 'B',
        closesAt: new Date(clock.now - 1).toISOString(),
      },
    });
    expect(await db().selectFrom('contests').select('id').execute()).toHaveLength(before.length);
    // Its times still overlapping, the refusal stays an overlap.
    const overlapping = body({ ...window, opensAt: new Date(clock.now - 2 * HOUR).toISOString() });
    const overlap = await post(server, '/api/v1/admin/contests', overlapping, { cookie: admin.cookie });
    expect(overlap.json()).toMatchObject({ code: 'CONTEST_WINDOW_OVERLAP', details: { contestId: held.id } });
  });
});
