import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { PICTURE_UPLOAD_MAX_BYTES } from '../../domain/admin-pictures.ts';
import { get, insertStaff, post, useTestClock, XHR } from '../support/accounts.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const flat = (width: number, height: number, background = '#2e7d32') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A PNG written by hand: 1 bit per pixel, all zero. 144 megapixels in about 20 KB. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file under the uploads directory (pictures and the incoming area), relative. */
async function filesUnder(server: ServerHarness): Promise<string[]> {
  try {
    return (await readdir(server.config.uploadsDir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(server.config.uploadsDir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

function upload(
  server: ServerHarness,
  cookie: string,
  body: Buffer | Readable | string | undefined,
  contentType: string | undefined,
  kind = 'contest',
) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/pictures?kind=${kind}`,
    headers: { ...XHR, cookie, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(body === undefined ? {} : { payload: body }),
  });
}

describeOnEachDatabase('admin pictures: upload, library, preview, practice pairs', (server) => {
  const clock = useTestClock(server);

  /** Runs a refused upload and checks it left nothing behind: no files, no rows. */
  async function refused(call: () => ReturnType<typeof upload>, status: number, code: string) {
    const filesBefore = await filesUnder(server);
    const rowsBefore = (await server.app.db.selectFrom('pictures').select('id').execute()).length;
    const res = await call();
    expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    expect(res.json().message).not.toMatch(/went wrong on our side/);
    expect(await filesUnder(server)).toEqual(filesBefore);
    expect((await server.app.db.selectFrom('pictures').select('id').execute()).length).toBe(rowsBefore);
    return res.json() as { message: string; code: string };
  }

  it('takes a JPEG as the raw body, makes the variants, serves them and writes the audit log', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const jpeg = await flat(3000, 2000).jpeg({ quality: 90 }).toBuffer();
    const res = await upload(server, admin!.cookie, jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const picture = res.json().data;
    expect(picture).toMatchObject({
      kind: 'contest',
      width: 3000,
      height: 2000,
      bytes: jpeg.length,
      mime: 'image/jpeg',
      usedBy: [],
      smallUrl: `/api/v1/pictures/${picture.id}/small`,
      largeUrl: `/api/v1/pictures/${picture.id}/large`,
    });
    expect(await filesUnder(server)).toEqual(
      expect.arrayContaining([
        `pictures/${picture.id}/original.jpg`,
        `pictures/${picture.id}/large.jpg`,
        `pictures/${picture.id}/small.jpg`,
      ]),
    );
    expect((await filesUnder(server)).filter((f) => f.startsWith('.incoming'))).toEqual([]);
    const small = await get(server, picture.smallUrl);
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(1280);
    const log = await server.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', picture.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: admin!.id, action: 'picture.upload', target_type: 'picture' });
    expect(log[0]!.summary).toBe('Uploaded a contest picture, 3000 x 2000 px');
  });

  it('takes a PNG and a WebP, stores the format it really is, and refuses other types with a clear 415', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const png = await flat(1200, 800).png().toBuffer();
    const res = await upload(server, admin!.cookie, png, 'image/png', 'practice_removed');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'practice_removed', mime: 'image/png', width: 1200, height: 800 });
    const webp = await flat(900, 600).webp().toBuffer();
    expect((await upload(server, admin!.cookie, webp, 'image/webp', 'prize')).json().data).toMatchObject({
      kind: 'prize',
      mime: 'image/webp',
    });

    const gif = await flat(100, 100).gif().toBuffer();
    const wrong = await refused(() => upload(server, admin!.cookie, gif, 'image/gif'), 415, 'PICTURE_WRONG_TYPE');
    expect(wrong.message).toBe(
      'Only JPEG, PNG and WebP photos can be uploaded here. Save the photo in one of those formats and try again.',
    );
    // Declared a PNG, but a GIF inside: the bytes decide.
    await refused(() => upload(server, admin!.cookie, gif, 'image/png'), 415, 'PICTURE_WRONG_TYPE');
    const tiff = await flat(100, 100).tiff().toBuffer();
    await refused(() => upload(server, admin!.cookie, tiff, 'image/jpeg'), 415, 'PICTURE_WRONG_TYPE');
    await refused(
      () => upload(server, admin!.cookie, JSON.stringify({ a: 1 }), 'application/json'),
      415,
      'PICTURE_WRONG_TYPE',
    );
    await refused(() => upload(server, admin!.cookie, 'hello', 'text/plain'), 415, 'PICTURE_WRONG_TYPE');
    await refused(() => upload(server, admin!.cookie, png, undefined), 415, 'PICTURE_WRONG_TYPE');
  });

  it('refuses corrupt and empty files with a 400 that says so, leaving nothing behind', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const garbage = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251));
    const res = await refused(() => upload(server, admin!.cookie, garbage, 'image/jpeg'), 400, 'INVALID_PICTURE');
    expect(res.message).toMatch(/could not be read as a photo/);
    // A real JPEG header, then the pixels cut off half way.
    const jpeg = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    await refused(
      () => upload(server, admin!.cookie, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'),
      400,
      'INVALID_PICTURE',
    );
    const png = await flat(800, 600).png().toBuffer();
    await refused(
      () => upload(server, admin!.cookie, png.subarray(0, png.length - 40), 'image/png'),
      400,
      'INVALID_PICTURE',
    );
    await refused(() => upload(server, admin!.cookie, Buffer.alloc(0), 'image/jpeg'), 400, 'PICTURE_EMPTY');
    await refused(() => upload(server, admin!.cookie, png, 'image/png', 'avatar'), 400, 'VALIDATION_FAILED');
  });

  it('refuses more than 12,000 px a side and a decompression bomb from the header, fast', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const wide = await flat(12001, 10).png().toBuffer();
    const tooWide = await refused(() => upload(server, admin!.cookie, wide, 'image/png'), 400, 'PICTURE_TOO_WIDE');
    expect(tooWide.message).toBe(
      'The photo is 12001 x 10 pixels; each side may be at most 12,000 pixels. Scale it down and upload it again.',
    );
    const bomb = pngBomb(12000, 12000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    const refusedBomb = await refused(
      () => upload(server, admin!.cookie, bomb, 'image/png'),
      400,
      'PICTURE_TOO_MANY_PIXELS',
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(refusedBomb.message).toMatch(/12000 x 12000 pixels \(144 megapixels\); at most 100 megapixels/);
  });

  it('refuses a body over the limit, announced or streamed, and leaves no partial file', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const huge = Buffer.alloc(PICTURE_UPLOAD_MAX_BYTES + 1, 0xff);
    const announced = await refused(() => upload(server, admin!.cookie, huge, 'image/jpeg'), 413, 'PICTURE_TOO_LARGE');
    expect(announced.message).toBe(
      'The file is larger than 30 MB. Save the photo with a little more compression and upload it again.',
    );
    // Without a Content-Length: the limit is counted as the bytes arrive.
    const chunks = function* () {
      for (let sent = 0; sent <= PICTURE_UPLOAD_MAX_BYTES; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024, 0xff);
    };
    await refused(() => upload(server, admin!.cookie, Readable.from(chunks()), 'image/jpeg'), 413, 'PICTURE_TOO_LARGE');
  });

  it('raises the body limit on the upload route only', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    // Noise compresses badly: a JPEG of a few MB, past the app's 1 MB body limit.
    const noisy = await sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const ok = await upload(server, admin!.cookie, Readable.from([noisy]), 'image/jpeg');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.bytes).toBe(noisy.length);
    const bigJson = {
      removedPictureId: 'x'.repeat(2 * 1024 * 1024),
      originalPictureId: 'y',
      ball: { x: 1, y: 1 },
      ballWidth: 20,
    };
    for (const url of ['/api/v1/admin/practice-pairs', '/api/v1/admin/users/someone/roles']) {
      expect((await post(server, url, bigJson, { cookie: admin!.cookie })).statusCode, url).toBe(413);
    }
  });

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
