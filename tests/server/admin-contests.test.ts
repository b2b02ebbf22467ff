import { expect, it } from 'vitest';
import { CONTEST_ADMIN_MESSAGES, type ContestInput } from '../../domain/admin-contests.ts';
import { istDate } from '../../domain/schedule.ts';
import { get, insertActiveUsers, insertStaff, post } from '../support/accounts.ts';
import { useContestsConsole } from '../support/contests-console.ts';
import { addTestContest, put } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('the contests console', (server) => {
  const { clock, admin, players, pictures, nextX, db, monday, body, auditOf, buy } = useContestsConsole(server);

  it('creates a contest (audited), lists it with its figures, and shows the prize photo on the players answer', async () => {
    const res = await post(server, '/api/v1/admin/contests', body(), { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      windowKey: '2026-11-23-A',
      slot: 'A',
      state: 'upcoming',
      prizeTitleHi: '₹25,000 का नकद इनाम',
      prizePictureUrl: `/api/v1/pictures/${pictures.prize}/small`,
      ticketsSold: 0,
      revenuePaise: 0,
      entrants: 0,
      lockedFields: [],
      lockReason: null,
      editable: true,
    });
    const [entry] = await auditOf(created.id, 'contest.create');
    expect(entry).toMatchObject({ actor_id: admin.id, target_type: 'contest' });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ ticketPricePaise: 4900, pictureId: pictures.contest });
    // Next week's defaults skip the window now taken.
    expect((await get(server, '/api/v1/admin/contests/defaults', { cookie: admin.cookie })).json().data.opensAt).toBe(
      istDate(2026, 11, 26, 12).toISOString(),
    );
    // Players: the contest after the open one is this one, with its prize photo (the anonymous answer as before).
    await addTestContest(server, { pictureId: pictures.contest, now: clock.now, closesInMs: 86_400_000 });
    const current = await get(server, '/api/v1/contests/current');
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=5');
    const next = current.json().data.next;
    expect(next).toMatchObject({
      id: created.id,
      prize: { title: 'Cash prize of ₹25,000', pictureUrl: `/api/v1/pictures/${pictures.prize}/small` },
      cancelReason: null,
    });
    expect((await get(server, '/api/v1/contests/current?lang=hi')).json().data.next.prize.title).toBe(
      '₹25,000 का नकद इनाम',
    );
  });

  it('refuses bad input with a clear message and keeps nothing', async () => {
    const before = await db().selectFrom('contests').select('id').execute();
    const refuse = async (payload: unknown, status: number, match: Record<string, unknown>) => {
      const res = await post(server, '/api/v1/admin/contests', payload, { cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(match);
    };
    const later = {
      opensAt: istDate(2026, 12, 7, 12).toISOString(),
      closesAt: istDate(2026, 12, 9, 23, 59).toISOString(),
      showAt: istDate(2026, 12, 10, 21).toISOString(),
    };
    await refuse(body({ ...later, streamUrl: 'http://example.com/live' }), 400, {
      message: CONTEST_ADMIN_MESSAGES.streamHttps,
    });
    await refuse(body({ ...later, streamUrl: 'javascript:alert(1)' }), 400, {
      message: CONTEST_ADMIN_MESSAGES.streamHttps,
    });
    await refuse(body({ ...later, closesAt: later.opensAt }), 400, { message: CONTEST_ADMIN_MESSAGES.windowOrder });
    await refuse(body({ ...later, showAt: istDate(2026, 12, 8).toISOString() }), 400, {
      message: CONTEST_ADMIN_MESSAGES.windowOrder,
    });
    await refuse(body({ ...later, maxTickets: 100, totalTickets: 50 }), 400, {
      fields: { maxTickets: 'Tickets per person cannot exceed the total tickets' },
    });
    await refuse(body({ ...later, ticketPricePaise: -1 }), 400, { code: 'VALIDATION_FAILED' });
    await refuse(body({ ...later, prizeTitleHi: '  ' }), 400, { message: 'Give the prize a title in Hindi' });
    await refuse(body({ ...later, pictureId: pictures.prize }), 400, {
      code: 'CONTEST_PICTURE_MISSING',
      message: CONTEST_ADMIN_MESSAGES.pictureMissing,
    });
    await refuse(body({ ...later, prizePictureId: pictures.contest }), 400, { code: 'PRIZE_PICTURE_MISSING' });
    await refuse(
      body({
        opensAt: istDate(2026, 11, 1, 12).toISOString(),
        closesAt: istDate(2026, 11, 4).toISOString(),
        showAt: istDate(2026, 11, 5, 21).toISOString(),
      }),
      400,
      { code: 'CONTEST_WINDOW_CLOSED' },
    );
    // Monday's window has its contest already: the refusal names it (issue 26), with its id for the console's link.
    const monday_ = (
      await db().selectFrom('contests').select('id').where('window_key', '=', '2026-11-23-A').executeTakeFirstOrThrow()
    ).id;
    await refuse(body(), 409, {
      code: 'CONTEST_WINDOW_OVERLAP',
      message:
        'Another contest takes entries in this window. It overlaps contest A (2026-11-23-A). Pick a window that does not overlap it.',
      details: { contestId: monday_, windowKey: '2026-11-23-A', slot: 'A', opensAt: monday().opensAt },
    });
    expect(await db().selectFrom('contests').select('id').execute()).toHaveLength(before.length);
  });

  it('counts tickets sold, revenue and entrants; locks price, picture and window once tickets are taken; audits edits', async () => {
    const id = await addTestContest(server, {
      pictureId: pictures.contest,
      now: clock.now,
      defaults: { totalTickets: 100 },
    });
    const a = await buy(players[0]!, id, 3);
    const b = await buy(players[1]!, id, 2);
    await buy(players[1]!, id, 1);
    await buy(players[2]!, id, 4, false); // reserved, not paid
    const res = await get(server, `/api/v1/admin/contests/${id}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    const paid = await db()
      .selectFrom('payments')
      .select('amount_paise')
      .where('contest_id', '=', id)
      .where('status', '=', 'success')
      .execute();
    expect(paid).toHaveLength(3);
    expect(view).toMatchObject({
      state: 'open',
      ticketsSold: 6,
      ticketsTaken: 10,
      entrants: 2,
      revenuePaise: paid.reduce((s, p) => s + Number(p.amount_paise), 0),
      refundedPaise: 0,
      lockedFields: ['price', 'picture', 'window'],
      lockReason: CONTEST_ADMIN_MESSAGES.locked,
    });
    expect(a.amountPaise + b.amountPaise).toBeLessThan(view.revenuePaise);
    // The list carries the same figures (newest window first: Monday's contest before this one).
    const list = (await get(server, '/api/v1/admin/contests?limit=100', { cookie: admin.cookie })).json().data;
    const inList = list.items.find((c: { id: string }) => c.id === id);
    expect(inList).toMatchObject({ ticketsSold: 6, entrants: 2, revenuePaise: view.revenuePaise });
    const opens = list.items.map((c: { opensAt: string }) => Date.parse(c.opensAt));
    expect([...opens].sort((x, y) => y - x)).toEqual(opens);

    const current = { ...view, prizePictureId: null };
    const edit = (overrides: Partial<ContestInput>) =>
      put(
        server,
        `/api/v1/admin/contests/${id}`,
        body({
          opensAt: current.opensAt,
          closesAt: current.closesAt,
          showAt: current.showAt,
          pictureId: current.pictureId,
          prizePictureId: null,
          ticketPricePaise: current.ticketPricePaise,
          maxTickets: 5,
          totalTickets: current.totalTickets,
          ...overrides,
        }),
        admin.cookie,
      );
    for (const change of [
      { ticketPricePaise: 9900 },
      { pictureId: pictures.other },
      { closesAt: new Date(Date.parse(current.closesAt) + 3_600_000).toISOString() },
    ]) {
      const refused = await edit(change);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONTEST_LOCKED', message: CONTEST_ADMIN_MESSAGES.locked });
    }
    const below = await edit({ totalTickets: 9 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'TOTAL_BELOW_TAKEN',
      message: 'Total tickets cannot be fewer than the tickets already taken (10).',
    });
    const ok = await edit({
      totalTickets: 10,
      prizeTitleEn: 'Signed bat',
      prizeKind: 'merchandise',
      streamUrl: 'https://youtube.com/live/abc',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      totalTickets: 10,
      prizeTitleEn: 'Signed bat',
      streamUrl: 'https://youtube.com/live/abc',
    });
    const [entry] = await auditOf(id, 'contest.update');
    expect(entry!.summary).toMatch(
      /^Edited Contest A of .*: prizeTitleEn, prizeTitleHi, prizeValuePaise, maxTickets, totalTickets, streamUrl$/,
    );
    expect(JSON.parse(entry!.before_json!)).toMatchObject({
      totalTickets: 100,
      prizeTitleEn: server.config.contestDefaults.prizeTitleEn,
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      totalTickets: 10,
      prizeTitleEn: 'Signed bat',
      prizeKind: 'merchandise',
    });
    // The console's form always sends who decides the point: unchanged, it is not reported as changed.
    const same = await edit({
      totalTickets: 10,
      maxTickets: 4,
      prizeTitleEn: 'Signed bat',
      prizeKind: 'merchandise',
      streamUrl: 'https://youtube.com/live/abc',
      decidedBy: 'judges',
    });
    expect(same.statusCode, same.body).toBe(200);
    const entries = await auditOf(id, 'contest.update');
    expect(entries.map((e) => e.summary.replace(/^Edited Contest A of [^:]*: /, ''))).toContain('maxTickets');
    expect(JSON.parse(entries.at(-1)!.before_json!)).toMatchObject({ decidedBy: 'judges' });
  });

  it('edits everything of a contest with no tickets; a window change keeps the schedule key', async () => {
    const list = (await get(server, '/api/v1/admin/contests?limit=100', { cookie: admin.cookie })).json().data;
    const monday_ = list.items.find((c: { windowKey: string }) => c.windowKey === '2026-11-23-A');
    const res = await put(
      server,
      `/api/v1/admin/contests/${monday_.id}`,
      body({
        opensAt: istDate(2026, 11, 23, 15).toISOString(),
        pictureId: pictures.other,
        ticketPricePaise: 0,
        prizePictureId: null,
      }),
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      windowKey: '2026-11-23-A',
      pictureId: pictures.other,
      ticketPricePaise: 0,
      prizePictureId: null,
      opensAt: istDate(2026, 11, 23, 15).toISOString(),
    });
    expect((await put(server, `/api/v1/admin/contests/${crypto.randomUUID()}`, body(), admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it('a cancelled contest frees its window: players see the replacement (or the next contest) and a day-long note of the cancellation', async () => {
    const list = (await get(server, '/api/v1/admin/contests?limit=100', { cookie: admin.cookie })).json().data;
    const monday_ = list.items.find((c: { windowKey: string }) => c.windowKey === '2026-11-23-A');
    // Every contest open now is cancelled or closes first; move to Monday afternoon.
    clock.advance(3 * 86_400_000 + 4 * 3_600_000);
    Object.assign(admin, (await insertStaff(server, ['admin'], clock.now))[0]);
    expect(
      (
        await post(
          server,
          `/api/v1/admin/contests/${monday_.id}/cancel`,
          { reason: 'Rain stopped play.' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);
    // Not 'cancelled' for days: the next contest shows, with a note of the cancellation.
    const after = (await get(server, '/api/v1/contests/current')).json().data;
    // (This suite has no later contest: nothing is current until the replacement is made.)
    expect(after.current).toBeNull();
    expect(after.cancelled).toEqual({
      slot: 'A',
      reason: 'Rain stopped play.',
      cancelledAt: new Date(clock.now).toISOString(),
    });
    const replacement = await post(
      server,
      '/api/v1/admin/contests',
      body({
        opensAt: new Date(clock.now + 3_600_000).toISOString(),
        closesAt: monday().closesAt,
        showAt: monday().showAt,
      }),
      { cookie: admin.cookie },
    );
    expect(replacement.statusCode, replacement.body).toBe(201);
    expect(replacement.json().data.windowKey).toBe('2026-11-23-A-2');
    expect((await get(server, '/api/v1/contests/current')).json().data.current.id).toBe(replacement.json().data.id);
    // A day later the note is gone; the replacement stays.
    clock.advance(86_400_000 + 1);
    const later = (await get(server, '/api/v1/contests/current')).json().data;
    expect(later.cancelled).toBeUndefined();
    expect(later.current.id).toBe(replacement.json().data.id);
    Object.assign(admin, (await insertStaff(server, ['admin'], clock.now))[0]);
  });

  it('checks the ticket counters from the console and repairs a contest whose counters drifted; both audited, admins only', async () => {
    const id = await addTestContest(server, {
      pictureId: pictures.contest,
      now: clock.now,
      defaults: { totalTickets: 50 },
    });
    // The clock has moved past the suite's sessions: fresh players.
    players.splice(0, players.length, ...(await insertActiveUsers(server, 4, clock.now)));
    await buy(players[0]!, id, 2);
    await buy(players[1]!, id, 1, false);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const check = () => post(server, '/api/v1/admin/contests/counters/check', undefined, { cookie: admin.cookie });
    const counters = (res: Awaited<ReturnType<typeof check>>) =>
      (res.json().data.contests as Array<{ contestId: string }>).find((c) => c.contestId === id);

    // After the flows above (sales, reservations, a cancellation): everything matches.
    const first = await check();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().message).toBe('The ticket counters match the tickets.');
    expect(first.json().data.contests.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(first.json().data.contests.some((c: { state: string }) => c.state === 'cancelled')).toBe(false);
    expect(counters(first)).toMatchObject({
      slot: 'A',
      state: 'open',
      takenCounter: 3,
      takenActual: 3,
      players: 2,
      playersMismatched: 0,
      ok: true,
    });
    for (const who of [players[0]!, judge!]) {
      expect(
        (await post(server, '/api/v1/admin/contests/counters/check', undefined, { cookie: who.cookie })).statusCode,
      ).toBe(403);
      expect(
        (await post(server, `/api/v1/admin/contests/${id}/counters/repair`, undefined, { cookie: who.cookie }))
          .statusCode,
      ).toBe(403);
    }

    // Drift (a hand edit, a restore from an old backup): the site now believes 40 are taken.
    await db().updateTable('contest_counters').set({ taken: 40 }).where('contest_id', '=', id).execute();
    await db()
      .deleteFrom('contest_player_counts')
      .where('contest_id', '=', id)
      .where('user_id', '=', players[0]!.id)
      .execute();
    const refused = await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: Array.from({ length: 11 }, () => ({ x: nextX(), y: 7 })) },
      { cookie: players[3]!.cookie },
    );
    expect(refused.json().message).toBe('Only 10 tickets are available');
    const drifted = await check();
    expect(drifted.json().message).toBe('The ticket counters of 1 contest differ from the tickets.');
    expect(counters(drifted)).toMatchObject({ takenCounter: 40, takenActual: 3, playersMismatched: 1, ok: false });
    const checks = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'contest.counters.check')
      .orderBy('created_at')
      .orderBy('summary')
      .execute();
    expect(checks.map((e) => e.actor_id)).toEqual([admin.id, admin.id]);
    expect(checks.map((e) => e.summary)).toContainEqual(
      expect.stringMatching(/^Checked the ticket counters of \d+ contests: 1 differ$/),
    );
    expect(JSON.parse(checks.find((e) => e.summary.endsWith('1 differ'))!.after_json!).differing).toEqual([
      { contestId: id, takenCounter: 40, takenActual: 3, playersMismatched: 1 },
    ]);

    const repaired = await post(server, `/api/v1/admin/contests/${id}/counters/repair`, undefined, {
      cookie: admin.cookie,
    });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json().data).toMatchObject({
      before: { takenCounter: 40, takenActual: 3, playersMismatched: 1, ok: false },
      after: { takenCounter: 3, takenActual: 3, playersMismatched: 0, ok: true },
    });
    const [entry] = await auditOf(id, 'contest.counters.repair');
    expect(entry).toMatchObject({
      actor_id: admin.id,
      summary: expect.stringMatching(/^Recounted the tickets of Contest A of .*: taken 40 → 3, 1 player corrected$/),
    });
    expect(JSON.parse(entry!.before_json!)).toEqual({
      contestId: id,
      takenCounter: 40,
      takenActual: 3,
      playersMismatched: 1,
    });
    expect(JSON.parse(entry!.after_json!)).toEqual({
      contestId: id,
      takenCounter: 3,
      takenActual: 3,
      playersMismatched: 0,
    });
    expect(
      (
        await db()
          .selectFrom('contest_player_counts')
          .select('held')
          .where('contest_id', '=', id)
          .where('user_id', '=', players[0]!.id)
          .executeTakeFirstOrThrow()
      ).held,
    ).toBe(2);
    expect(counters(await check())).toMatchObject({ takenCounter: 3, ok: true });
    // Sales go on from the right figure.
    expect(
      (
        await post(
          server,
          '/api/v1/cart/items',
          { contestId: id, tickets: Array.from({ length: 11 }, () => ({ x: nextX(), y: 8 })) },
          { cookie: players[3]!.cookie },
        )
      ).statusCode,
    ).toBe(200);

    // A repair of counters that match changes nothing and says so; an unknown contest is a 404.
    const again = await post(server, `/api/v1/admin/contests/${id}/counters/repair`, undefined, {
      cookie: admin.cookie,
    });
    expect(again.json().data.before).toEqual(again.json().data.after);
    expect((await auditOf(id, 'contest.counters.repair')).map((e) => e.summary)).toContainEqual(
      expect.stringMatching(/the counters already matched \(3 taken\)$/),
    );
    expect(
      (
        await post(server, `/api/v1/admin/contests/${crypto.randomUUID()}/counters/repair`, undefined, {
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});
