import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { AVATAR_UPLOAD_LIMIT } from '../../server/routes/profile.routes.ts';
import { freshIp, get, signUpActive, useTestClock, XHR } from '../support/accounts.ts';
import { ME, UNAUTHENTICATED } from '../support/profile.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const AVATAR = '/api/v1/account/avatar';
const AVATAR_IMAGE = '/api/v1/account/avatar/image';

const NOT_A_PICTURE = {
  message: 'This file is not a picture we can use. Upload a JPEG, PNG or WebP photo.',
  code: 'INVALID_PICTURE',
};

function upload(server: ServerHarness, body: Buffer | string, contentType: string, cookie?: string) {
  return server.app.inject({
    method: 'POST',
    url: AVATAR,
    payload: body,
    headers: { ...XHR, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    remoteAddress: freshIp(),
  });
}

function removeAvatar(server: ServerHarness, cookie?: string) {
  return server.app.inject({
    method: 'DELETE',
    url: AVATAR,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    remoteAddress: freshIp(),
  });
}

const photo = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    [format]()
    .toBuffer();

describeOnEachDatabase('the profile picture', (server) => {
  const clock = useTestClock(server);
  const fileOf = async (pictureId: string) => {
    const row = await server.app.db
      .selectFrom('picture_variants')
      .select(['path', 'width', 'height', 'name'])
      .where('picture_id', '=', pictureId)
      .executeTakeFirstOrThrow();
    return { ...row, absolute: path.join(server.config.uploadsDir, row.path) };
  };
  const avatarIdOf = async (userId: string) =>
    (
      await server.app.db
        .selectFrom('users')
        .select('avatar_picture_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).avatar_picture_id;

  it('needs a login for upload, removal and the image', async () => {
    expect((await upload(server, await photo(10, 10), 'image/png')).json()).toEqual(UNAUTHENTICATED);
    expect((await removeAvatar(server)).statusCode).toBe(401);
    expect((await get(server, AVATAR_IMAGE)).statusCode).toBe(401);
  });

  it('stores a 256 px square, shows it to its owner only, privately', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    const res = await upload(server, await photo(800, 500, 'jpeg'), 'image/jpeg', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const pictureId = await avatarIdOf(user.id);
    expect(pictureId).toBeTruthy();
    const avatarUrl = `/api/v1/account/avatar/image?v=${pictureId}`;
    expect(res.json()).toMatchObject({
      data: { user: { id: user.id, avatarUrl } },
      message: 'Your profile picture has been updated.',
    });
    expect((await get(server, ME, { cookie })).json().data.user.avatarUrl).toBe(avatarUrl);

    const stored = await server.app.db
      .selectFrom('pictures')
      .select(['kind', 'width', 'height', 'mime'])
      .where('id', '=', pictureId!)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'avatar', width: 800, height: 500, mime: 'image/jpeg' });
    const variant = await fileOf(pictureId!);
    expect(variant).toMatchObject({ name: 'avatar', width: 256, height: 256 });

    const image = await get(server, avatarUrl, { cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);

    // Not through the public pictures route, under any variant name.
    for (const name of ['avatar', 'large', 'small', 'original']) {
      expect((await get(server, `/api/v1/pictures/${pictureId}/${name}`)).statusCode).toBe(404);
    }
    // Another user asking for the same URL gets their own (none), never this one.
    const other = await signUpActive(server, clock);
    const theirs = await get(server, avatarUrl, { cookie: other.cookie });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['cache-control']).toBe('private, no-store');
  });

  it('replaces the old picture and deletes its files', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    expect((await upload(server, await photo(300, 300, 'png'), 'image/png', cookie)).statusCode).toBe(200);
    const first = await avatarIdOf(user.id);
    const firstFile = await fileOf(first!);
    expect(existsSync(firstFile.absolute)).toBe(true);
    const res = await upload(server, await photo(200, 600, 'webp'), 'image/webp', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const second = await avatarIdOf(user.id);
    expect(second).not.toBe(first);
    expect(existsSync(firstFile.absolute)).toBe(false);
    expect(existsSync(path.dirname(firstFile.absolute))).toBe(false);
    expect(await server.app.db.selectFrom('pictures').select('id').where('id', '=', first!).execute()).toEqual([]);
    expect(
      await server.app.db.selectFrom('picture_variants').select('name').where('picture_id', '=', first!).execute(),
    ).toEqual([]);
    expect(existsSync((await fileOf(second!)).absolute)).toBe(true);
  });

  it('removes the picture: rows, files, and the URL', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    await upload(server, await photo(300, 300), 'image/png', cookie);
    const pictureId = await avatarIdOf(user.id);
    const file = await fileOf(pictureId!);
    const res = await removeAvatar(server, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { user: { id: user.id, avatarUrl: null } },
      message: 'Your profile picture has been removed.',
    });
    expect(await avatarIdOf(user.id)).toBeNull();
    expect(existsSync(file.absolute)).toBe(false);
    expect(await server.app.db.selectFrom('pictures').select('id').where('id', '=', pictureId!).execute()).toEqual([]);
    expect((await get(server, AVATAR_IMAGE, { cookie })).statusCode).toBe(404);
    // Again: nothing to remove is fine.
    expect((await removeAvatar(server, cookie)).statusCode).toBe(200);
  });

  it('refuses what is not a JPEG, PNG or WebP picture with a clear 400, keeping the old one', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    await upload(server, await photo(300, 300), 'image/png', cookie);
    const kept = await avatarIdOf(user.id);
    const cases: Array<[Buffer | string, string]> = [
      ['just some text', 'image/png'],
      [Buffer.from('GIF89a not really'), 'image/jpeg'],
      [
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
        'image/jpeg',
      ],
      [(await photo(300, 300, 'png')).subarray(0, 200), 'image/png'],
      [await photo(300, 300), 'image/gif'],
      [await photo(300, 300), 'application/octet-stream'],
      ['{"picture":"x"}', 'application/json'],
      [Buffer.alloc(0), 'image/png'],
    ];
    for (const [body, type] of cases) {
      const res = await upload(server, body, type, cookie);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(NOT_A_PICTURE);
    }
    const multipart = await server.app.inject({
      method: 'POST',
      url: AVATAR,
      payload: '--x\r\ncontent-disposition: form-data; name="file"\r\n\r\nabc\r\n--x--',
      headers: { ...XHR, cookie, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(multipart.statusCode).toBe(400);
    expect(await avatarIdOf(user.id)).toBe(kept);
    const leftovers = await server.app.db.selectFrom('pictures').select('id').where('kind', '=', 'avatar').execute();
    expect(leftovers.map((r) => r.id)).toContain(kept);
  });

  it('refuses more than 5 MB with 413 and says so', async () => {
    const { cookie } = await signUpActive(server, clock);
    const res = await upload(server, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/jpeg', cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The picture is larger than 5 MB. Choose a smaller one.',
      code: 'PICTURE_TOO_LARGE',
    });
  });

  it(`allows ${AVATAR_UPLOAD_LIMIT.max} uploads an hour per user`, async () => {
    const { cookie } = await signUpActive(server, clock);
    const tiny = await photo(8, 8);
    for (let i = 0; i < AVATAR_UPLOAD_LIMIT.max; i += 1)
      expect((await upload(server, tiny, 'image/png', cookie)).statusCode).toBe(200);
    expect((await upload(server, tiny, 'image/png', cookie)).statusCode).toBe(429);
  });

  it('the JSON API elsewhere still refuses image bodies', async () => {
    const { cookie } = await signUpActive(server, clock);
    const res = await upload(server, await photo(10, 10), 'image/png', cookie).then(() =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/account/password',
        payload: Buffer.from('x'),
        headers: { ...XHR, cookie, 'content-type': 'image/png' },
      }),
    );
    expect(res.statusCode).toBe(415);
  });
});
