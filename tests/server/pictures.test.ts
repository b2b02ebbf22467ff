import { rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { AppError } from '../../server/errors.ts';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import { type StoredPicture } from '../../server/services/pictures/shared.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const flat = (width: number, height: number, background = '#2e7d32') =>
  sharp({ create: { width, height, channels: 3, background } });

async function store(
  server: ServerHarness,
  buffer: Buffer,
  kind: 'practice_removed' | 'practice_original' | 'contest' = 'contest',
) {
  return storePicture(server.app.db, server.app.pictures, buffer, kind);
}

const sizes = (picture: StoredPicture) =>
  Object.fromEntries(picture.variants.map((v) => [v.name, [v.width, v.height]]));

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describeOnEachDatabase('picture store', (server) => {
  it('keeps the original as uploaded and makes large and small JPEG copies, never enlarged', async () => {
    const upload = await flat(3000, 2000).jpeg({ quality: 90 }).toBuffer();
    const picture = await store(server, upload);
    expect(picture).toMatchObject({
      kind: 'contest',
      width: 3000,
      height: 2000,
      mime: 'image/jpeg',
      bytes: upload.length,
    });
    expect(sizes(picture)).toEqual({ original: [3000, 2000], large: [3000, 2000], small: [1280, 853] });

    const rows = await server.app.db
      .selectFrom('picture_variants')
      .selectAll()
      .where('picture_id', '=', picture.id)
      .orderBy('name')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['large', 'original', 'small']);
    for (const row of rows) {
      const file = path.join(server.config.uploadsDir, row.path);
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height], row.name).toEqual([row.width, row.height]);
      expect(meta.format).toBe('jpeg');
    }
    const original = rows.find((r) => r.name === 'original')!;
    const { readFile } = await import('node:fs/promises');
    expect(Buffer.compare(await readFile(path.join(server.config.uploadsDir, original.path)), upload)).toBe(0);
    const stored = await server.app.db
      .selectFrom('pictures')
      .selectAll()
      .where('id', '=', picture.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'contest',
      width: 3000,
      height: 2000,
      mime: 'image/jpeg',
      bytes: upload.length,
    });
  });

  it('caps an 8000 px picture at 4096 (large) and 1280 (small) on the longer side', async () => {
    const upload = await flat(8000, 5000, '#8d6e63').png({ compressionLevel: 1 }).toBuffer();
    const started = performance.now();
    const picture = await store(server, upload, 'practice_removed');
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(sizes(picture)).toEqual({ original: [8000, 5000], large: [4096, 2560], small: [1280, 800] });
    expect(picture.mime).toBe('image/png');
    const tall = await store(server, await flat(3000, 8000).png({ compressionLevel: 1 }).toBuffer());
    expect(sizes(tall)).toEqual({ original: [3000, 8000], large: [1536, 4096], small: [480, 1280] });
  });

  it('applies the EXIF orientation and strips metadata from the copies', async () => {
    // 600 x 400 stored pixels that a camera marks 'rotate 90 degrees': the photo is 400 wide, 600 high.
    const upload = await flat(600, 400, '#1565c0').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(upload).metadata()).orientation).toBe(6);
    const picture = await store(server, upload);
    expect(picture).toMatchObject({ width: 400, height: 600 });
    expect(sizes(picture)).toEqual({ original: [400, 600], large: [400, 600], small: [400, 600] });
    for (const variant of picture.variants.filter((v) => v.name !== 'original')) {
      const meta = await sharp(path.join(server.config.uploadsDir, variant.path)).metadata();
      expect([meta.width, meta.height]).toEqual([400, 600]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses what is not a picture, and pictures above 12000 px on a side, with a clear 400', async () => {
    for (const upload of [
      Buffer.from('hello, this is text'),
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ]) {
      const error = await rejection(store(server, upload));
      expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_PICTURE' });
      expect(error.message).toBe(
        'This file is not a picture we can use. Upload a JPEG, PNG, WebP, AVIF, HEIF or TIFF photo.',
      );
    }
    const truncated = (await flat(300, 200).jpeg().toBuffer()).subarray(0, 200);
    expect(await rejection(store(server, truncated))).toMatchObject({ statusCode: 400, code: 'INVALID_PICTURE' });

    const huge = await flat(12001, 8, '#000').png().toBuffer();
    const error = await rejection(store(server, huge));
    expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_PICTURE' });
    expect(error.message).toBe(
      'The picture is 12001 x 8 pixels; each side may be at most 12000 pixels. Scale it down and upload it again.',
    );
    const count = await server.app.db
      .selectFrom('pictures')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });
});

describeOnEachDatabase('GET /api/v1/pictures/:id/:variant', (server) => {
  let picture: StoredPicture;
  beforeAll(async () => {
    picture = await store(server, await flat(2000, 1500, '#c62828').jpeg().toBuffer(), 'practice_original');
  });

  it('serves the display copies as JPEG with an ETag and a year of immutable caching', async () => {
    for (const [name, size] of [
      ['small', [1280, 960]],
      ['large', [2000, 1500]],
    ] as const) {
      const res = await server.app.inject(`/api/v1/pictures/${picture.id}/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', ...size]);

      const again = await server.app.inject({
        url: `/api/v1/pictures/${picture.id}/${name}`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const small = await server.app.inject(`/api/v1/pictures/${picture.id}/small`);
    const large = await server.app.inject(`/api/v1/pictures/${picture.id}/large`);
    expect(small.headers.etag).not.toBe(large.headers.etag);
  });

  it('never serves the original file, and answers unknown pictures and variants with a JSON 404', async () => {
    for (const url of [
      `/api/v1/pictures/${picture.id}/original`,
      `/api/v1/pictures/${picture.id}/huge`,
      `/api/v1/pictures/${crypto.randomUUID()}/small`,
      '/api/v1/pictures/not-an-id/large',
      `/api/v1/pictures/${picture.id}/..%2F..%2Fcricspot.sqlite`,
    ]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Picture not found', code: 'NOT_FOUND' });
    }
  });

  it('answers 404 when the file has gone from disk', async () => {
    const gone = await store(server, await flat(100, 80).jpeg().toBuffer());
    rmSync(path.join(server.config.uploadsDir, gone.variants.find((v) => v.name === 'small')!.path));
    const res = await server.app.inject(`/api/v1/pictures/${gone.id}/small`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Picture not found', code: 'NOT_FOUND' });
    expect((await server.app.inject(`/api/v1/pictures/${gone.id}/large`)).statusCode).toBe(200);
  });
});
