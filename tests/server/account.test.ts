import { expect, it } from 'vitest';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '../../domain/session.ts';
import {
  PASSWORD,
  freshPerson,
  get,
  lastMessageTo,
  post,
  sessionCookieOf,
  signUpActive,
  useTestClock,
} from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const ME = '/api/v1/account/me';
const LOGIN = '/api/v1/auth/login';
const CHANGE = '/api/v1/account/password';
const DEACTIVATE = '/api/v1/account/deactivate';
const DELETE = '/api/v1/account/delete';
const NEW_PASSWORD = 'Boundary#4Six!';
const UNAUTHENTICATED = { message: 'Please log in to continue.', code: 'UNAUTHENTICATED' };

describeOnEachDatabase('my account and the session', (server) => {
  const clock = useTestClock(server);

  it('answers only the logged-in user, in the contract shape', async () => {
    const a = await signUpActive(server, clock);
    const b = await signUpActive(server, clock);
    const meA = await get(server, ME, { cookie: a.cookie });
    expect(meA.json()).toEqual({
      data: {
        user: {
          id: a.user.id,
          firstName: 'Ravi',
          lastName: 'Kumar',
          email: a.person.email,
          phone: `+91${a.person.phone}`,
          status: 'active',
          roles: [],
          avatarUrl: null,
          hasPassword: true,
        },
      },
    });
    expect((await get(server, ME, { cookie: b.cookie })).json().data.user.id).toBe(b.user.id);
    // Extra query or path input is ignored: the session alone names the user.
    expect((await get(server, `${ME}?id=${b.user.id}`, { cookie: a.cookie })).json().data.user.id).toBe(a.user.id);
  });

  it('refuses no cookie, a malformed cookie, an unknown one, and the stored hash used as a cookie', async () => {
    const { user } = await signUpActive(server, clock);
    const [stored] = await server.app.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', user.id)
      .execute();
    for (const cookie of [
      undefined,
      'cs_session=garbage',
      `cs_session=${'A'.repeat(43)}`,
      `cs_session=${stored!.id_hash}`,
    ]) {
      const res = await get(server, ME, { cookie });
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('ends after 30 minutes without a request, and clears the cookie', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await get(server, ME, { cookie })).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await get(server, ME, { cookie })).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MS);
    const res = await get(server, ME, { cookie });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'cs_session')?.value).toBe('');
    expect(
      await server.app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('writes last-seen at most once a minute', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    const seen = async () =>
      (
        await server.app.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const start = await seen();
    clock.advance(30_000);
    await get(server, ME, { cookie });
    expect(await seen()).toBe(start);
    clock.advance(31_000);
    await get(server, ME, { cookie });
    expect(await seen()).toBe(clock.now);
  });

  it('ends after 7 days however active', async () => {
    const { cookie } = await signUpActive(server, clock);
    const end = clock.now + SESSION_MAX_AGE_MS;
    while (clock.now + 20 * 60_000 < end) {
      clock.advance(20 * 60_000);
      expect((await get(server, ME, { cookie })).statusCode).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
  });

  it('ends the session of a user suspended by someone else', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    await server.app.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
    expect(
      await server.app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });
});

describeOnEachDatabase('changing the password', (server) => {
  const clock = useTestClock(server);

  it('needs a login, before it looks at the body', async () => {
    const res = await post(server, CHANGE, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers the form messages', async () => {
    const { cookie } = await signUpActive(server, clock);
    const empty = await post(server, CHANGE, {}, { cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      currentPassword: 'Current password is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    const weak = await post(
      server,
      CHANGE,
      { currentPassword: PASSWORD, password: 'weakpass', confirmPassword: 'other' },
      { cookie },
    );
    expect(weak.json().fields).toEqual({
      password:
        'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@ $ ! % * ? &)',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('refuses a wrong current password', async () => {
    const { cookie } = await signUpActive(server, clock);
    const res = await post(
      server,
      CHANGE,
      { currentPassword: 'Wrong@Pass1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Current password is not correct',
      code: 'WRONG_PASSWORD',
      fields: { currentPassword: 'Current password is not correct' },
    });
  });

  it('sets the new password, ends every session and gives this browser a new one', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    const other = sessionCookieOf(await post(server, LOGIN, { identifier: person.email, password: PASSWORD }));
    const res = await post(
      server,
      CHANGE,
      { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: {}, message: 'Your password has been changed.' });
    const renewed = sessionCookieOf(res);
    expect(renewed).not.toBe(cookie);
    expect((await get(server, ME, { cookie: renewed })).statusCode).toBe(200);
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
    expect((await get(server, ME, { cookie: other })).statusCode).toBe(401);
    expect(
      await server.app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toHaveLength(1);
    expect((await post(server, LOGIN, { identifier: person.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(server, LOGIN, { identifier: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describeOnEachDatabase('deactivating and deleting', (server) => {
  const clock = useTestClock(server);

  it('need a login', async () => {
    for (const url of [DEACTIVATE, DELETE]) expect((await post(server, url)).json()).toEqual(UNAUTHENTICATED);
  });

  it('deactivation suspends the account, ends every session, and login then says to e-mail support', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    const other = sessionCookieOf(await post(server, LOGIN, { identifier: person.phone, password: PASSWORD }));
    const bystander = await signUpActive(server, clock);
    const res = await post(server, DEACTIVATE, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {}, message: 'Your account has been deactivated.' });
    expect(res.cookies.find((c) => c.name === 'cs_session')?.value).toBe('');
    expect(
      (await server.app.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('suspended');
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
    expect((await get(server, ME, { cookie: other })).statusCode).toBe(401);
    expect((await get(server, ME, { cookie: bystander.cookie })).statusCode).toBe(200);

    const login = await post(server, LOGIN, { identifier: person.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      message: 'This account is deactivated. To reactivate it, e-mail support@cricspot.in.',
      code: 'ACCOUNT_SUSPENDED',
    });
    expect(login.cookies).toEqual([]);
    // Without the right password nothing about the account shows.
    expect((await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass1' })).json()).toEqual({
      message: 'Login Failed',
      code: 'LOGIN_FAILED',
    });
  });

  it('deletion marks the account deleted, ends every session, and login then says to e-mail support', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    const res = await post(server, DELETE, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {}, message: 'Your account has been deleted.' });
    const row = await server.app.db
      .selectFrom('users')
      .select(['status', 'deleted_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'deleted', deleted_at: clock.now });
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
    const login = await post(server, LOGIN, { identifier: person.phone, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      message: 'This account was deleted. To restore it, e-mail support@cricspot.in.',
      code: 'ACCOUNT_DELETED',
    });

    // Signing up again with the same number gets the same answer as anyone, and no code.
    clock.advance(1000);
    const again = await post(server, '/api/v1/auth/signup', freshPerson({ phone: person.phone }));
    expect(again.statusCode).toBe(200);
    expect((await lastMessageTo(server, `+91${person.phone}`))!.body).toMatch(/^Someone tried to sign up/);
  });

  it("one user's session never acts on another's account", async () => {
    const a = await signUpActive(server, clock);
    const b = await signUpActive(server, clock);
    await post(server, DELETE, { userId: b.user.id, id: b.user.id }, { cookie: a.cookie });
    const statuses = await server.app.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('id', 'in', [a.user.id, b.user.id])
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [a.user.id]: 'deleted',
      [b.user.id]: 'active',
    });
    expect((await get(server, ME, { cookie: b.cookie })).statusCode).toBe(200);
  });
});
