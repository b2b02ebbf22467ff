import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { StaffRole } from '../../domain/roles.ts';
import type { ScryptParams } from '../../server/services/accounts/password.ts';
import { createSession } from '../../server/services/accounts/session.service.ts';
import type { ServerHarness } from './server-harness.ts';
import { activeUserRow } from '../../server/db/user-rows.ts';

/** What the web's axios instance sends with every call: the CSRF guard wants it. */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

/** Cheap scrypt for route tests (the production cost is covered by password.test.ts). */
export const FAST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1, keyLength: 64, saltLength: 16 };

export const PASSWORD = 'Cricket@2026';

let counter = 0;
/** Unique per call within a run: phone, email, client address. */
export function freshPerson(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = counter + Math.floor(Math.random() * 1000) * 1000;
  const digits = String(n).padStart(7, '0').slice(-7);
  return {
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: `ravi.${digits}@gmail.com`,
    phone: `987${digits}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
    ...overrides,
  };
}

let ipCounter = 0;
/**
 * A client address of its own, so per-address rate limits of one test do not touch another. In
 * 127.0.0.0/8 (but never 127.0.0.1): a test client is on this machine, as the demo conveniences
 * (the outbox, the development sign-in, the sandbox page) require.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `127.${((ipCounter >> 16) & 127) + 1}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A settable clock and fast hashing for the suite's app. */
export function useTestClock(server: ServerHarness, start = Date.UTC(2026, 10, 21, 6, 0, 0)) {
  const clock = { now: start };
  beforeAll(() => {
    server.app.clock.now = () => clock.now;
    server.app.passwords.params = FAST_SCRYPT;
  });
  return {
    get now() {
      return clock.now;
    },
    advance(ms: number) {
      clock.now += ms;
    },
  };
}

export interface CallOptions {
  cookie?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
}

/** A call, then whatever the server sends after answering (codes, notices) is in the outbox. */
export async function post(server: ServerHarness, url: string, payload?: unknown, options: CallOptions = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...XHR, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
  await server.app.idleAfterAnswer();
  return res;
}

export function put(server: ServerHarness, url: string, payload: unknown, options: CallOptions = {}) {
  return server.app.inject({
    method: 'PUT',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...XHR, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** The audit lines about one thing (a promo, an article, a message), oldest first. */
export function auditOf(server: ServerHarness, targetType: string, targetId: string) {
  return server.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();
}

export function get(server: ServerHarness, url: string, options: CallOptions = {}) {
  return server.app.inject({
    method: 'GET',
    url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** 'cs_session=...' from a response that set it, for the next request's Cookie header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'cs_session');
  expect(cookie?.value, 'a session cookie').toBeTruthy();
  return `cs_session=${cookie!.value}`;
}

/** The newest message the outbox holds for a recipient. */
export async function lastMessageTo(server: ServerHarness, recipient: string) {
  const rows = await server.app.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .execute();
  return rows[0];
}

export async function lastCodeTo(server: ServerHarness, phone10: string): Promise<string> {
  const message = await lastMessageTo(server, `+91${phone10}`);
  const code = /^(\d{6}) is your/.exec(message?.body ?? '')?.[1];
  expect(code, `an OTP in the outbox for ${phone10}`).toBeDefined();
  return code!;
}

/** Signs a fresh person up through the API (sign-up, code from the outbox, verify): an active, logged-in user. */
export async function signUpActive(
  server: ServerHarness,
  clock: { advance(ms: number): void },
  overrides: Record<string, unknown> = {},
) {
  const person = freshPerson(overrides);
  const ip = freshIp();
  const signup = await post(server, '/api/v1/auth/signup', person, { ip });
  expect(signup.statusCode, signup.body).toBe(200);
  const otpToken = signup.json().data.otpToken as string;
  const otp = await lastCodeTo(server, person.phone);
  const verified = await post(server, '/api/v1/auth/otp/verify', { otpToken, otp }, { ip });
  expect(verified.statusCode, verified.body).toBe(200);
  clock.advance(1);
  return {
    person,
    cookie: sessionCookieOf(verified),
    user: verified.json().data.user as { id: string; email: string; phone: string },
  };
}

/**
 * Active users inserted straight into the database, each with a session: fast enough for a
 * few hundred at once (no sign-up, no scrypt). `now` is the session's start; use the app clock.
 */
export async function insertActiveUsers(
  server: ServerHarness,
  count: number,
  now: number,
  // The state each gave for the tax invoice (asked at the first purchase; a paid order needs it):
  // Maharashtra, where the location check of the site's browsers stands.
  { supplyState = '27' }: { supplyState?: string | null } = {},
): Promise<Array<{ id: string; cookie: string }>> {
  const users = Array.from({ length: count }, () => {
    const person = freshPerson();
    return activeUserRow(
      {
        firstName: person.firstName,
        lastName: person.lastName,
        email: `${crypto.randomUUID().slice(0, 12)}.${person.email}`,
        phone: `+91${person.phone}`,
        supplyState,
      },
      now,
    );
  });
  for (let i = 0; i < users.length; i += 100)
    await server.app.db
      .insertInto('users')
      .values(users.slice(i, i + 100))
      .execute();
  const out: Array<{ id: string; cookie: string }> = [];
  for (const user of users) {
    const { token } = await createSession(server.app.db, user.id, now, { userAgent: 'test', ip: '127.0.0.1' });
    out.push({ id: user.id, cookie: `cs_session=${token}` });
  }
  return out;
}

/** Active users holding staff roles (admin, judge or both), each with a session. */
export async function insertStaff(
  server: ServerHarness,
  roles: StaffRole[],
  now: number,
  count = 1,
): Promise<Array<{ id: string; cookie: string }>> {
  const users = await insertActiveUsers(server, count, now);
  for (const user of users) {
    for (const role of roles)
      await server.app.db
        .insertInto('user_roles')
        .values({ user_id: user.id, role, granted_by: null, granted_at: now })
        .execute();
  }
  return users;
}

export function del(server: ServerHarness, url: string, options: CallOptions = {}) {
  return server.app.inject({
    method: 'DELETE',
    url,
    headers: { ...XHR, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
}
