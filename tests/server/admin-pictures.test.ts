import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { PICTURE_UPLOAD_MAX_BYTES } from '../../domain/admin-pictures.ts';
import { get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { flat, upload } from '../support/admin-pictures.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

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
});
