import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { deletePictureFiles, storePicture } from '../../server/services/pictures/picture.service.ts';
import { displayPicture } from '../../server/services/pictures/serving.ts';
import { createDatabasePictureStore, createDiskPictureStore } from '../../server/storage/picture-store.ts';
import { freshIp, get, insertStaff, signUpActive, useTestClock, XHR } from '../support/accounts.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

// PICTURE_STORAGE=database: several instances share one database and no disk, so every picture
// file (original, display copies, avatars) lives in picture_files and nothing is written under
// DATA_DIR/uploads except an upload while it arrives.

const flat = (width: number, height: number, background = '#1565c0') =>
  sharp({ create: { width, height, channels: 3, background } });

async function filesUnder(server: ServerHarness): Promise<string[]> {
  try {
    return (await readdir(server.config.uploadsDir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(server.config.uploadsDir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

const fileRows = (server: ServerHarness, pictureId: string) =>
  server.app.db
    .selectFrom('picture_files')
    .select(['key', 'bytes', 'data'])
    .where('picture_id', '=', pictureId)
    .orderBy('key')
    .execute();

it('PICTURE_STORAGE takes disk (the default) or database, and says what else it takes', () => {
  expect(loadConfig({}).pictureStorage).toBe('disk');
  expect(loadConfig({ PICTURE_STORAGE: 'database' }).pictureStorage).toBe('database');
  expect(() => loadConfig({ PICTURE_STORAGE: 's3' })).toThrow(/PICTURE_STORAGE must be 'disk' or 'database'/);
});

describeOnEachDatabase(
  'pictures kept in the database (PICTURE_STORAGE=database)',
  (server) => {
    const clock = useTestClock(server);

    it('stores the original and the display copies as rows, serves them, and writes nothing to disk', async () => {
      expect(server.app.pictures.kind).toBe('database');
      const upload = await flat(3000, 2000).jpeg({ quality: 90 }).toBuffer();
      const picture = await storePicture(server.app.db, server.app.pictures, upload, 'contest');
      const rows = await fileRows(server, picture.id);
      expect(rows.map((r) => r.key)).toEqual([
        `pictures/${picture.id}/large.jpg`,
        `pictures/${picture.id}/original.jpg`,
        `pictures/${picture.id}/small.jpg`,
      ]);
      // The original comes back byte for byte; each row's size is its data's.
      expect(Buffer.compare(Buffer.from(rows[1]!.data), upload)).toBe(0);
      for (const row of rows) expect(row.bytes).toBe(row.data.length);
      expect(await filesUnder(server)).toEqual([]);

      const small = await get(server, `/api/v1/pictures/${picture.id}/small`);
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/jpeg');
      expect(Number(small.headers['content-length'])).toBe(rows[2]!.bytes);
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 853 });
      const etag = small.headers['etag'] as string;
      expect(
        (await get(server, `/api/v1/pictures/${picture.id}/small`, { headers: { 'if-none-match': etag } })).statusCode,
      ).toBe(304);
      // Originals are never served, from the database either.
      expect((await get(server, `/api/v1/pictures/${picture.id}/original`)).statusCode).toBe(404);

      expect(await displayPicture(server.app.db, server.app.pictures, picture.id)).toMatchObject({
        width: 3000,
        height: 2000,
      });
      await deletePictureFiles(server.app.pictures, picture.id);
      expect(await fileRows(server, picture.id)).toEqual([]);
      // Its rows still say it exists, but a picture without its files is not shown to anyone.
      expect(await displayPicture(server.app.db, server.app.pictures, picture.id)).toBeUndefined();
      expect((await get(server, `/api/v1/pictures/${picture.id}/small`)).statusCode).toBe(404);
    });

    it('takes a console upload as a stream, keeps it in the database and leaves no incoming file behind', async () => {
      const [admin] = await insertStaff(server, ['admin'], clock.now);
      const png = await flat(2400, 1600, '#6a1b9a').png({ compressionLevel: 1 }).toBuffer();
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/admin/pictures?kind=practice_original',
        headers: { ...XHR, cookie: admin!.cookie, 'content-type': 'image/png' },
        payload: png,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json().data as { id: string };
      const rows = await fileRows(server, id);
      expect(rows.map((r) => r.key)).toEqual([
        `pictures/${id}/large.jpg`,
        `pictures/${id}/original.png`,
        `pictures/${id}/small.jpg`,
      ]);
      // The same pixels; written again without metadata (issue 27, finding 7), a PNG losslessly.
      expect(
        Buffer.compare(await sharp(Buffer.from(rows[1]!.data)).raw().toBuffer(), await sharp(png).raw().toBuffer()),
      ).toBe(0);
      expect(await filesUnder(server)).toEqual([]);
      expect((await get(server, `/api/v1/pictures/${id}/large`)).statusCode).toBe(200);

      // A refused upload leaves no rows of files either.
      const before = (await server.app.db.selectFrom('picture_files').select('key').execute()).length;
      const broken = await server.app.inject({
        method: 'POST',
        url: '/api/v1/admin/pictures?kind=contest',
        headers: { ...XHR, cookie: admin!.cookie, 'content-type': 'image/png' },
        payload: png.subarray(0, 4000),
      });
      expect(broken.statusCode).toBe(400);
      expect((await server.app.db.selectFrom('picture_files').select('key').execute()).length).toBe(before);
      expect(await filesUnder(server)).toEqual([]);
    });

    it('keeps a profile picture in the database and deletes the old one when it is replaced', async () => {
      const { cookie, user } = await signUpActive(server, clock);
      const put = async (buffer: Buffer) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/account/avatar',
          headers: { ...XHR, cookie, 'content-type': 'image/jpeg' },
          payload: buffer,
          remoteAddress: freshIp(),
        });
      expect((await put(await flat(600, 400).jpeg().toBuffer())).statusCode).toBe(200);
      const avatarOf = async () =>
        (
          await server.app.db
            .selectFrom('users')
            .select('avatar_picture_id')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).avatar_picture_id!;
      const first = await avatarOf();
      expect((await fileRows(server, first)).map((r) => r.key)).toEqual([`pictures/${first}/avatar.jpg`]);
      const image = await get(server, `/api/v1/account/avatar/image?v=${first}`, { cookie });
      expect(image.statusCode).toBe(200);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });

      expect((await put(await flat(500, 500, '#ef6c00').jpeg().toBuffer())).statusCode).toBe(200);
      const second = await avatarOf();
      expect(second).not.toBe(first);
      expect(await fileRows(server, first)).toEqual([]);
      expect(await fileRows(server, second)).toHaveLength(1);
      expect(await filesUnder(server)).toEqual([]);
    });
  },
  { env: { PICTURE_STORAGE: 'database' } },
);

describeOnEachDatabase('switching PICTURE_STORAGE from disk to database', (server) => {
  it('still serves, and deletes, pictures written to disk before the switch', async () => {
    const before = await storePicture(
      server.app.db,
      createDiskPictureStore(server.config.uploadsDir),
      await flat(800, 600).jpeg().toBuffer(),
      'contest',
    );
    const after = createDatabasePictureStore(server.app.db, server.config.uploadsDir);
    expect(await displayPicture(server.app.db, after, before.id)).toMatchObject({ width: 800, height: 600 });
    expect(await fileRows(server, before.id)).toEqual([]);
    await deletePictureFiles(after, before.id);
    expect((await filesUnder(server)).filter((f) => f.includes(before.id))).toEqual([]);
    expect(await displayPicture(server.app.db, after, before.id)).toBeUndefined();
  });
});
