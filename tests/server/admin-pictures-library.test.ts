import { expect, it } from 'vitest';
import { get, insertStaff, post, useTestClock, XHR } from '../support/accounts.ts';
import { flat, upload } from '../support/admin-pictures.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('admin pictures: upload, library, preview, practice pairs', (server) => {
  const clock = useTestClock(server);

  it('lists the library by kind, newest first, a page at a time, with what uses each picture', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      const res = await upload(
        server,
        admin!.cookie,
        await flat(400, 300, ['#111111', '#222222', '#333333'][i]).jpeg().toBuffer(),
        'image/jpeg',
        'practice_original',
      );
      ids.push(res.json().data.id);
    }
    const first = await get(server, '/api/v1/admin/pictures?kind=practice_original&limit=2', { cookie: admin!.cookie });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await get(server, `/api/v1/admin/pictures?kind=practice_original&limit=2&cursor=${page1.nextCursor}`, {
        cookie: admin!.cookie,
      })
    ).json().data;
    expect(page2.items.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    const all = (await get(server, '/api/v1/admin/pictures?limit=100', { cookie: admin!.cookie })).json().data
      .items as Array<{ kind: string }>;
    expect(all.every((p) => p.kind !== 'avatar')).toBe(true);
    expect((await get(server, '/api/v1/admin/pictures?kind=avatar', { cookie: admin!.cookie })).statusCode).toBe(400);
  });

  it('makes practice pairs, refuses bad ones, switches and reorders them; the practice game follows', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const make = async (kind: string, width = 640, height = 480) =>
      (await upload(server, admin!.cookie, await flat(width, height).jpeg().toBuffer(), 'image/jpeg', kind)).json().data
        .id as string;
    const removed = await make('practice_removed');
    const original = await make('practice_original');
    const otherSize = await make('practice_original', 600, 480);
    const contest = await make('contest');
    const create = (body: unknown) => post(server, '/api/v1/admin/practice-pairs', body, { cookie: admin!.cookie });

    expect(
      (
        await create({ removedPictureId: original, originalPictureId: removed, ball: { x: 1, y: 1 }, ballWidth: 20 })
      ).json(),
    ).toMatchObject({ code: 'PAIR_PICTURE_KIND' });
    expect(
      (
        await create({ removedPictureId: removed, originalPictureId: contest, ball: { x: 1, y: 1 }, ballWidth: 20 })
      ).json(),
    ).toMatchObject({ code: 'PAIR_PICTURE_KIND' });
    expect(
      (
        await create({ removedPictureId: removed, originalPictureId: otherSize, ball: { x: 1, y: 1 }, ballWidth: 20 })
      ).json(),
    ).toMatchObject({
      code: 'PAIR_SIZE_MISMATCH',
      message:
        'The two pictures must be the same size: the ball-removed one is 640 x 480 pixels, the original 600 x 480.',
    });
    const outside = await create({
      removedPictureId: removed,
      originalPictureId: original,
      ball: { x: 640, y: 10 },
      ballWidth: 20,
    });
    expect([outside.statusCode, outside.json().code, outside.json().message]).toEqual([
      400,
      'PAIR_BALL_OUTSIDE',
      'The ball must be inside the picture: x from 0 to 639, y from 0 to 479.',
    ]);
    expect(
      (await create({ removedPictureId: removed, originalPictureId: original, ball: { x: 1.5, y: 10 }, ballWidth: 20 }))
        .statusCode,
    ).toBe(400);
    // The ball's width: required, whole pixels, from 4 to a quarter of the picture's width (640 / 4 = 160).
    const noWidth = await create({ removedPictureId: removed, originalPictureId: original, ball: { x: 321, y: 123 } });
    expect([noWidth.statusCode, noWidth.json().code, noWidth.json().fields]).toEqual([
      400,
      'VALIDATION_FAILED',
      { ballWidth: "Enter the ball's width as whole pixels" },
    ]);
    const fraction = await create({
      removedPictureId: removed,
      originalPictureId: original,
      ball: { x: 321, y: 123 },
      ballWidth: 12.5,
    });
    expect([fraction.statusCode, fraction.json().fields]).toEqual([
      400,
      { ballWidth: "Enter the ball's width as whole pixels" },
    ]);
    const tiny = await create({
      removedPictureId: removed,
      originalPictureId: original,
      ball: { x: 321, y: 123 },
      ballWidth: 3,
    });
    expect([tiny.statusCode, tiny.json().fields]).toEqual([
      400,
      { ballWidth: "The ball's width must be at least 4 pixels" },
    ]);
    const wide = await create({
      removedPictureId: removed,
      originalPictureId: original,
      ball: { x: 321, y: 123 },
      ballWidth: 161,
    });
    const wideMessage =
      "The ball's width must be a whole number of pixels from 4 to 160 (a quarter of the picture's width).";
    expect([wide.statusCode, wide.json()]).toEqual([
      400,
      { code: 'PAIR_BALL_WIDTH', message: wideMessage, fields: { ballWidth: wideMessage } },
    ]);
    expect(
      await server.app.db.selectFrom('practice_pairs').select('id').where('removed_picture_id', '=', removed).execute(),
    ).toEqual([]);

    const made = await create({
      removedPictureId: removed,
      originalPictureId: original,
      ball: { x: 321, y: 123 },
      ballWidth: 160,
    });
    expect(made.statusCode, made.body).toBe(201);
    const pair = made.json().data;
    expect(pair).toMatchObject({
      ball: { x: 321, y: 123 },
      ballWidth: 160,
      active: true,
      removed: { id: removed, width: 640, height: 480 },
      original: { id: original },
    });
    expect(
      (await create({ removedPictureId: removed, originalPictureId: original, ball: { x: 3, y: 3 }, ballWidth: 20 }))
        .statusCode,
    ).toBe(409);

    // The library says who uses the pictures; the preview of the original shows the true ball.
    const library = (
      await get(server, '/api/v1/admin/pictures?kind=practice_removed&limit=100', { cookie: admin!.cookie })
    ).json().data.items as Array<{ id: string; usedBy: string[] }>;
    expect(library.find((p) => p.id === removed)!.usedBy).toEqual([pair.id]);
    const detail = await get(server, `/api/v1/admin/pictures/${original}`, { cookie: admin!.cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      picture: { id: original, usedBy: [pair.id] },
      ball: { x: 321, y: 123 },
      ballWidth: 160,
      stage: { width: 640, height: 480 },
    });
    expect(detail.json().data.stage.variants.map((v: { name: string }) => v.name)).toEqual(['small', 'large']);
    expect(
      (await get(server, `/api/v1/admin/pictures/${removed}`, { cookie: admin!.cookie })).json().data.ball,
    ).toBeNull();
    expect(
      (await get(server, `/api/v1/admin/pictures/${crypto.randomUUID()}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(404);

    // Only this pair is active now: the practice game plays it.
    await server.app.db.updateTable('practice_pairs').set({ is_active: 0 }).where('id', '!=', pair.id).execute();
    const next = await get(server, '/api/v1/practice/pairs/next');
    expect(next.json().data.pairId).toBe(pair.id);
    // The answer tells the ball's width, so the reveal speaks in ball widths.
    const answer = await post(server, `/api/v1/practice/pairs/${pair.id}/submit`, { tickets: [{ x: 1, y: 1 }] });
    expect(answer.json().data.ballWidth).toBe(160);

    // The width corrected from the console, checked against the picture as on creation.
    const setWidth = (id: string, ballWidth: unknown) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/practice-pairs/${id}/ball-width`,
        payload: { ballWidth },
        headers: { ...XHR, cookie: admin!.cookie },
      });
    expect((await setWidth(pair.id, 161)).json()).toMatchObject({
      code: 'PAIR_BALL_WIDTH',
      fields: { ballWidth: wideMessage },
    });
    expect((await setWidth(pair.id, 'wide')).statusCode).toBe(400);
    expect((await setWidth(crypto.randomUUID(), 20)).statusCode).toBe(404);
    const corrected = await setWidth(pair.id, 18);
    expect([corrected.statusCode, corrected.json().data]).toMatchObject([
      200,
      { changed: true, pair: { id: pair.id, ballWidth: 18 } },
    ]);
    expect((await setWidth(pair.id, 18)).json().data.changed).toBe(false);
    expect(
      (await post(server, `/api/v1/practice/pairs/${pair.id}/submit`, { tickets: [{ x: 1, y: 1 }] })).json().data
        .ballWidth,
    ).toBe(18);

    const patch = (id: string, active: boolean) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/practice-pairs/${id}`,
        payload: { active },
        headers: { ...XHR, cookie: admin!.cookie },
      });
    const off = await patch(pair.id, false);
    expect(off.json().data).toMatchObject({ changed: true, pair: { active: false } });
    expect((await patch(pair.id, false)).json().data.changed).toBe(false);
    expect((await get(server, '/api/v1/practice/pairs/next')).json()).toMatchObject({ code: 'NO_IMAGE_PAIRS' });
    expect((await patch(pair.id, true)).json().data.changed).toBe(true);
    expect((await patch(crypto.randomUUID(), true)).statusCode).toBe(404);

    // A second pair, then the order reversed.
    const removed2 = await make('practice_removed');
    const original2 = await make('practice_original');
    const second = (
      await create({ removedPictureId: removed2, originalPictureId: original2, ball: { x: 0, y: 479 }, ballWidth: 20 })
    ).json().data;
    const list = (await get(server, '/api/v1/admin/practice-pairs', { cookie: admin!.cookie })).json().data
      .pairs as Array<{ id: string; position: number }>;
    const order = list.map((p) => p.id);
    expect(order.slice(-2)).toEqual([pair.id, second.id]);
    const put = (ids: string[]) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/practice-pairs/order',
        payload: { ids },
        headers: { ...XHR, cookie: admin!.cookie },
      });
    expect((await put(order.slice(1))).json()).toMatchObject({ code: 'PAIR_ORDER_STALE' });
    expect((await put([...order, order[0]!])).statusCode).toBe(409);
    const reversed = [...order].reverse();
    const reordered = await put(reversed);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.pairs.map((p: { id: string; position: number }) => [p.id, p.position])).toEqual(
      reversed.map((id, i) => [id, i + 1]),
    );
    expect((await get(server, '/api/v1/practice/pairs/next')).json().data.pairId).toBe(second.id);

    const actions = (
      await server.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_id', '=', admin!.id)
        .where('action', 'like', 'picture.pair.%')
        .orderBy('created_at')
        .execute()
    ).map((r) => r.action);
    expect(actions.sort()).toEqual(
      [
        'picture.pair.activate',
        'picture.pair.ballWidth',
        'picture.pair.create',
        'picture.pair.create',
        'picture.pair.deactivate',
        'picture.pair.reorder',
      ].sort(),
    );
  });
});
