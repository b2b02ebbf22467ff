import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { AVATAR_UPLOAD_LIMIT, PROFILE_UPDATE_LIMIT } from '../../server/routes/profile.routes.ts';
import {
  freshIp,
  freshPerson,
  get,
  lastMessageTo,
  post,
  signUpActive,
  useTestClock,
  XHR,
} from '../support/accounts.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const ME = '/api/v1/account/me';
const PROFILE = '/api/v1/account/profile';
const AVATAR = '/api/v1/account/avatar';
const AVATAR_IMAGE = '/api/v1/account/avatar/image';
const UNAUTHENTICATED = { message: 'Please log in to continue.', code: 'UNAUTHENTICATED' };
const NOT_A_PICTURE = {
  message: 'This file is not a picture we can use. Upload a JPEG, PNG or WebP photo.',
  code: 'INVALID_PICTURE',
};

function patch(server: ServerHarness, payload: unknown, cookie?: string) {
  return server.app.inject({
    method: 'PATCH',
    url: PROFILE,
    payload: payload as Record<string, unknown>,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    remoteAddress: freshIp(),
  });
}

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

/** The form's values for a person, with their own 10-digit phone. */
function profileOf(person: { firstName: string; lastName: string; email: string; phone: string }) {
  return { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone };
}

describeOnEachDatabase('updating the profile', (server) => {
  const clock = useTestClock(server);

  it('needs a login, before it looks at the body', async () => {
    const res = await patch(server, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('updates names, e-mail and phone (stored +91), and /me shows them', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    const next = freshPerson({ firstName: 'Anil', lastName: 'Sharma' });
    const res = await patch(server, { ...profileOf(next), email: `  ${next.email.toUpperCase()} ` }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: user.id,
      firstName: 'Anil',
      lastName: 'Sharma',
      email: next.email,
      phone: `+91${next.phone}`,
      status: 'active',
      roles: [],
      avatarUrl: null,
    };
    expect(res.json()).toEqual({ data: { user: expected }, message: 'Your profile has been updated.' });
    expect((await get(server, ME, { cookie })).json().data.user).toEqual(expected);
    // The new e-mail and phone log in.
    const login = await post(server, '/api/v1/auth/login', { identifier: next.phone, password: next.password });
    expect(login.statusCode).toBe(200);
  });

  it('tells the old e-mail and the old number that they were changed', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    const next = freshPerson();
    expect((await patch(server, profileOf(next), cookie)).statusCode).toBe(200);
    expect((await lastMessageTo(server, person.email))?.subject).toBe('Your CricSpot e-mail address was changed');
    expect((await lastMessageTo(server, `+91${person.phone}`))?.body).toMatch(
      /mobile number of your CricSpot account was changed/,
    );
  });

  it('keeping the same e-mail and phone is no conflict and sends nothing', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    const res = await patch(server, { ...profileOf(person), firstName: 'Ravindra' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.firstName).toBe('Ravindra');
    expect(await lastMessageTo(server, person.email)).toBeUndefined();
  });

  it('answers every validation message by its field', async () => {
    const { cookie } = await signUpActive(server, clock);
    const empty = await patch(server, { firstName: '', lastName: ' ', email: '', phone: '' }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
      },
    });
    const missing = await patch(server, {}, cookie);
    expect(missing.json().fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
    const wrong = await patch(
      server,
      { firstName: 'ravi', lastName: 'Kumarswamyvenkataraman', email: 'ravi@', phone: '5876543210' },
      cookie,
    );
    expect(wrong.json().fields).toEqual({
      firstName: 'First letter must be a capital letter',
      lastName: 'At most 20 characters',
      email: 'Invalid email',
      phone: 'Enter a valid Indian mobile number',
    });
    const domain = await patch(
      server,
      { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.com', phone: '+919876543210' },
      cookie,
    );
    expect(domain.json().fields).toEqual({
      email: 'Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted',
      phone: 'Enter a valid Indian mobile number',
    });
  });

  it('refuses an e-mail or phone of another account with 409 and the field, and changes nothing', async () => {
    const a = await signUpActive(server, clock);
    const b = await signUpActive(server, clock);
    const email = await patch(server, { ...profileOf(a.person), email: b.person.email.toUpperCase() }, a.cookie);
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({
      message: 'This e-mail is already registered',
      code: 'ALREADY_REGISTERED',
      fields: { email: 'This e-mail is already registered' },
    });
    const phone = await patch(server, { ...profileOf(a.person), phone: b.person.phone }, a.cookie);
    expect(phone.statusCode).toBe(409);
    expect(phone.json().fields).toEqual({ phone: 'This mobile number is already registered' });
    const both = await patch(server, { ...profileOf(b.person), firstName: 'Mallory' }, a.cookie);
    expect(both.json().fields).toEqual({
      email: 'This e-mail is already registered',
      phone: 'This mobile number is already registered',
    });
    const stored = await server.app.db
      .selectFrom('users')
      .select(['first_name', 'email', 'phone'])
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Ravi', email: a.person.email, phone: `+91${a.person.phone}` });
    // b is untouched and still the one behind its own session.
    expect((await get(server, ME, { cookie: b.cookie })).json().data.user).toMatchObject({
      id: b.user.id,
      email: b.person.email,
    });
  });

  it('acts on the session user only: an id, role or status in the body changes nothing', async () => {
    const a = await signUpActive(server, clock);
    const b = await signUpActive(server, clock);
    const res = await patch(
      server,
      { ...profileOf(a.person), firstName: 'Arjun', id: b.user.id, role: 'admin', status: 'active', avatarUrl: '/x' },
      a.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: a.user.id, firstName: 'Arjun', roles: [], avatarUrl: null });
    const rows = await server.app.db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('id', 'in', [a.user.id, b.user.id])
      .execute();
    expect(rows.find((r) => r.id === b.user.id)).toEqual({ id: b.user.id, first_name: 'Ravi' });
    expect(
      await server.app.db.selectFrom('user_roles').selectAll().where('user_id', 'in', [a.user.id, b.user.id]).execute(),
    ).toEqual([]);
  });

  it('takes an e-mail and phone over from an unfinished sign-up', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    const stranger = freshPerson();
    expect((await post(server, '/api/v1/auth/signup', stranger)).statusCode).toBe(200);
    const res = await patch(server, profileOf(stranger), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const holders = await server.app.db.selectFrom('users').select('id').where('email', '=', stranger.email).execute();
    expect(holders).toEqual([{ id: user.id }]);
  });

  it('keeps a Google-linked account on its Google e-mail', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    await server.app.db
      .updateTable('users')
      .set({ google_subject: `sub-${user.id}` })
      .where('id', '=', user.id)
      .execute();
    const res = await patch(server, { ...profileOf(person), email: freshPerson().email }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Use the e-mail of your Google account',
      code: 'GOOGLE_EMAIL_LOCKED',
      fields: { email: 'Use the e-mail of your Google account' },
    });
    // Everything else may change, the same e-mail in other case included.
    const ok = await patch(
      server,
      { ...profileOf(person), email: person.email.toUpperCase(), lastName: 'Verma' },
      cookie,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user).toMatchObject({ email: person.email, lastName: 'Verma' });
  });

  it(`allows ${PROFILE_UPDATE_LIMIT.max} updates an hour per user, from any address`, async () => {
    const { cookie, person } = await signUpActive(server, clock);
    for (let i = 0; i < PROFILE_UPDATE_LIMIT.max; i += 1) {
      expect((await patch(server, profileOf(person), cookie)).statusCode).toBe(200);
    }
    const limited = await patch(server, profileOf(person), cookie);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another user is not slowed down by this one.
    const other = await signUpActive(server, clock);
    expect((await patch(server, profileOf(other.person), other.cookie)).statusCode).toBe(200);
  });

  it('refuses a request without the CSRF header', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    const res = await server.app.inject({
      method: 'PATCH',
      url: PROFILE,
      payload: profileOf(person),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});

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
