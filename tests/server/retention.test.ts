import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../domain/session.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/schema.ts';
import { startRetentionJob } from '../../server/plugins/retention-job.ts';
import {
  DAY_MS,
  erasedEmail,
  erasedPhone,
  eraseDeletedAccounts,
  PENDING_SIGNUP_KEEP_MS,
  runRetention,
  sweepExpired,
} from '../../server/services/site/retention.service.ts';
import { freshIp, freshPerson, get, PASSWORD, post, signUpActive, useTestClock, XHR } from '../support/accounts.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';
import type { Kysely } from 'kysely';

const RETENTION_MS = 30 * DAY_MS;

async function uploadAvatar(server: ServerHarness, cookie: string) {
  const body = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/account/avatar',
    payload: body,
    headers: { ...XHR, cookie, 'content-type': 'image/png' },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function userRow(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function insertUser(
  db: Kysely<Database>,
  now: number,
  overrides: Partial<{
    status: 'pending' | 'active' | 'suspended' | 'deleted';
    updated_at: number;
    deleted_at: number | null;
  }> = {},
) {
  const person = freshPerson();
  const id = crypto.randomUUID();
  return db
    .insertInto('users')
    .values({
      id,
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone: `+91${person.phone}`,
      password_hash: 'scrypt$x',
      status: 'active',
      avatar_picture_id: null,
      signup_method: 'password',
      created_at: now,
      updated_at: now,
      deleted_at: null,
      ...overrides,
    })
    .execute()
    .then(() => ({ id, person }));
}

describeOnEachDatabase('erasing deleted accounts after the retention period', (server) => {
  const clock = useTestClock(server);
  const run = () =>
    runRetention(server.app.db, { store: server.app.pictures, now: clock.now, retentionMs: RETENTION_MS });

  it('defaults to 30 days, configurable with ACCOUNT_RETENTION_DAYS', () => {
    expect(server.config.accountRetentionDays).toBe(30);
    expect(loadConfig({ ACCOUNT_RETENTION_DAYS: '90' }).accountRetentionDays).toBe(90);
    expect(() => loadConfig({ ACCOUNT_RETENTION_DAYS: '0' })).toThrow(
      /ACCOUNT_RETENTION_DAYS must be a whole number of days between 1 and 3650/,
    );
    expect(() => loadConfig({ ACCOUNT_RETENTION_DAYS: 'soon' })).toThrow(/ACCOUNT_RETENTION_DAYS/);
  });

  it('erases after the period and not before; keeps the row, its id and what tax records need', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    await uploadAvatar(server, cookie);
    const before = await userRow(server.app.db, user.id);
    const pictureId = before.avatar_picture_id!;
    const variant = await server.app.db
      .selectFrom('picture_variants')
      .select('path')
      .where('picture_id', '=', pictureId)
      .executeTakeFirstOrThrow();
    const avatarFile = path.join(server.config.uploadsDir, variant.path);
    // Their traces elsewhere: a contact message by e-mail, one by phone, a stranger's, a pending Google sign-in, a reset code.
    const contact = { subject: 'Hello', message: 'Hi', language: 'en', created_at: clock.now };
    await server.app.db
      .insertInto('contact_messages')
      .values([
        { id: crypto.randomUUID(), email: person.email, phone: '+919000000001', ...contact },
        { id: crypto.randomUUID(), email: 'someone.else@gmail.com', phone: `+91${person.phone}`, ...contact },
        { id: crypto.randomUUID(), email: 'stranger@gmail.com', phone: '+919000000002', ...contact },
      ])
      .execute();
    await server.app.db
      .updateTable('users')
      .set({ google_subject: `sub-${user.id}` })
      .where('id', '=', user.id)
      .execute();
    await server.app.db
      .insertInto('social_pending')
      .values({
        id: crypto.randomUUID().replace(/-/g, ''),
        subject: `sub-${user.id}`,
        email: person.email,
        given_name: 'Ravi',
        family_name: 'Kumar',
        created_at: clock.now,
        expires_at: clock.now + 10 * DAY_MS * 10,
      })
      .execute();
    expect((await post(server, '/api/v1/auth/forgot', { identifier: person.email })).statusCode).toBe(200);

    expect((await post(server, '/api/v1/account/delete', undefined, { cookie })).statusCode).toBe(200);
    const deletedAt = clock.now;

    clock.advance(RETENTION_MS);
    expect((await run()).erased).toBe(0);
    expect((await userRow(server.app.db, user.id)).email).toBe(person.email);

    clock.advance(1);
    const result = await run();
    expect(result.erased).toBe(1);
    const after = await userRow(server.app.db, user.id);
    expect(after).toEqual({
      ...before,
      first_name: 'Deleted',
      last_name: 'Deleted',
      email: erasedEmail(user.id),
      phone: erasedPhone(user.id),
      password_hash: null,
      google_subject: null,
      avatar_picture_id: null,
      status: 'deleted',
      deleted_at: deletedAt,
      erased_at: clock.now,
      updated_at: clock.now,
    });
    expect(after.email).toMatch(/@erased\.invalid$/);
    expect(after.phone).toHaveLength(16);
    expect(existsSync(avatarFile)).toBe(false);
    expect(await server.app.db.selectFrom('pictures').select('id').where('id', '=', pictureId).execute()).toEqual([]);
    expect(
      await server.app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(await server.app.db.selectFrom('otp_codes').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    expect(
      await server.app.db.selectFrom('social_pending').select('id').where('subject', '=', `sub-${user.id}`).execute(),
    ).toEqual([]);
    expect(
      await server.app.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', 'in', [person.email, `+91${person.phone}`])
        .execute(),
    ).toEqual([]);
    const contacts = await server.app.db
      .selectFrom('contact_messages')
      .select('email')
      .where('email', 'in', [person.email, 'someone.else@gmail.com', 'stranger@gmail.com'])
      .execute();
    expect(contacts).toEqual([{ email: 'stranger@gmail.com' }]);

    // The e-mail and number are free again, and the old password opens nothing.
    const login = await post(server, '/api/v1/auth/login', { identifier: person.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect((await post(server, '/api/v1/auth/signup', { ...person })).statusCode).toBe(200);
    const fresh = await server.app.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    expect(fresh.id).not.toBe(user.id);
  });

  it('leaves active, suspended, pending, restored and recently deleted accounts alone', async () => {
    const now = clock.now;
    const old = now - RETENTION_MS - DAY_MS;
    const active = await insertUser(server.app.db, old);
    const suspended = await insertUser(server.app.db, old, { status: 'suspended' });
    const restored = await insertUser(server.app.db, old, { status: 'active', deleted_at: old });
    const recent = await insertUser(server.app.db, old, { status: 'deleted', deleted_at: now - RETENTION_MS + 60_000 });
    const due = await insertUser(server.app.db, old, { status: 'deleted', deleted_at: old });
    const { erased } = await eraseDeletedAccounts(server.app.db, {
      store: server.app.pictures,
      now,
      retentionMs: RETENTION_MS,
    });
    expect(erased).toContain(due.id);
    for (const kept of [active, suspended, restored, recent]) {
      expect(erased).not.toContain(kept.id);
      const row = await userRow(server.app.db, kept.id);
      expect([row.email, row.first_name, row.erased_at]).toEqual([kept.person.email, 'Ravi', null]);
    }
  });

  it('is idempotent, and two runs at once erase each account once', async () => {
    const old = clock.now - RETENTION_MS - DAY_MS;
    const a = await insertUser(server.app.db, old, { status: 'deleted', deleted_at: old });
    const b = await insertUser(server.app.db, old, { status: 'deleted', deleted_at: old });
    const options = { store: server.app.pictures, now: clock.now, retentionMs: RETENTION_MS };
    const [first, second] = await Promise.all([
      eraseDeletedAccounts(server.app.db, options),
      eraseDeletedAccounts(server.app.db, options),
    ]);
    const all = [...first.erased, ...second.erased];
    expect(all.filter((id) => id === a.id)).toHaveLength(1);
    expect(all.filter((id) => id === b.id)).toHaveLength(1);
    const rowA = await userRow(server.app.db, a.id);
    clock.advance(DAY_MS);
    const again = await eraseDeletedAccounts(server.app.db, { ...options, now: clock.now });
    expect(again.erased).not.toContain(a.id);
    expect(again.erased).not.toContain(b.id);
    expect(await userRow(server.app.db, a.id)).toEqual(rowA);
  });
});

describeOnEachDatabase('sweeping expired rows', (server) => {
  const clock = useTestClock(server);

  it('deletes ended sessions, spent codes, old outbox rows, expired Google sign-ins and abandoned sign-ups; keeps the live ones', async () => {
    const db = server.app.db;
    const now = clock.now;
    const { cookie, user } = await signUpActive(server, clock);
    const session = (id: string, lastSeen: number, expires: number) => ({
      id_hash: id.padEnd(64, '0'),
      user_id: user.id,
      created_at: lastSeen,
      last_seen_at: lastSeen,
      expires_at: expires,
      user_agent: null,
      ip: null,
    });
    await db
      .insertInto('sessions')
      .values([
        session('expired', now - 60_000, now - 1),
        session('idle', now - SESSION_IDLE_MS - 1, now + DAY_MS),
        session('live', now, now + DAY_MS),
      ])
      .execute();
    const otp = (id: string, expires: number, consumed: number | null) => ({
      id,
      purpose: 'signup' as const,
      user_id: null,
      recipient_key: 'k',
      code_hash: 'h',
      created_at: expires - 600_000,
      expires_at: expires,
      last_sent_at: expires - 600_000,
      consumed_at: consumed,
    });
    const ids = {
      oldExpired: crypto.randomUUID(),
      oldConsumed: crypto.randomUUID(),
      recentExpired: crypto.randomUUID(),
      open: crypto.randomUUID(),
    };
    await db
      .insertInto('otp_codes')
      .values([
        otp(ids.oldExpired, now - DAY_MS - 1, null),
        otp(ids.oldConsumed, now + DAY_MS, now - DAY_MS - 1),
        otp(ids.recentExpired, now - 1, null),
        otp(ids.open, now + 60_000, null),
      ])
      .execute();
    await db
      .insertInto('outbox_messages')
      .values([
        {
          id: crypto.randomUUID(),
          channel: 'sms',
          recipient: '+919999999901',
          subject: null,
          body: 'old',
          created_at: now - DAY_MS - 1,
        },
        {
          id: crypto.randomUUID(),
          channel: 'sms',
          recipient: '+919999999902',
          subject: null,
          body: 'new',
          created_at: now - 1,
        },
      ])
      .execute();
    const pendingRow = (id: string, expires: number) => ({
      id,
      subject: id,
      email: `${id}@gmail.com`,
      given_name: 'A',
      family_name: 'B',
      created_at: now - 60_000,
      expires_at: expires,
    });
    await db
      .insertInto('social_pending')
      .values([pendingRow('gone', now), pendingRow('kept', now + 1)])
      .execute();
    const abandoned = await insertUser(db, now - PENDING_SIGNUP_KEEP_MS - 1, { status: 'pending' });
    const young = await insertUser(db, now - PENDING_SIGNUP_KEEP_MS + 60_000, { status: 'pending' });

    // The code channel's records: one past its hour, one past its window, one of each still in use.
    await db
      .insertInto('code_sends')
      .values([
        { id: crypto.randomUUID(), recipient_key: 'old', sent_at: now - 60 * 60_000 },
        { id: crypto.randomUUID(), recipient_key: 'new', sent_at: now - 60_000 },
      ])
      .execute();
    await db
      .insertInto('login_failures')
      .values([
        { id: crypto.randomUUID(), identifier_key: 'old', address: '127.0.0.9', failed_at: now - 15 * 60_000 },
        { id: crypto.randomUUID(), identifier_key: 'new', address: '127.0.0.9', failed_at: now - 60_000 },
      ])
      .execute();

    const result = await sweepExpired(db, now);
    expect(result).toMatchObject({
      sessions: 2,
      otpCodes: 2,
      outbox: 1,
      socialPending: 1,
      pendingSignups: 1,
      codeSends: 1,
      loginFailures: 1,
    });
    expect((await db.selectFrom('sessions').select('id_hash').where('id_hash', 'like', 'live%').execute()).length).toBe(
      1,
    );
    expect((await db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()).length).toBe(2);
    expect((await get(server, '/api/v1/account/me', { cookie })).statusCode).toBe(200);
    const codes = (await db.selectFrom('otp_codes').select('id').where('id', 'in', Object.values(ids)).execute())
      .map((r) => r.id)
      .sort();
    expect(codes).toEqual([ids.recentExpired, ids.open].sort());
    expect(
      (
        await db
          .selectFrom('outbox_messages')
          .select('body')
          .where('recipient', 'in', ['+919999999901', '+919999999902'])
          .execute()
      ).map((r) => r.body),
    ).toEqual(['new']);
    expect(
      (await db.selectFrom('social_pending').select('id').where('id', 'in', ['gone', 'kept']).execute()).map(
        (r) => r.id,
      ),
    ).toEqual(['kept']);
    expect(await db.selectFrom('users').select('id').where('id', 'in', [abandoned.id, young.id]).execute()).toEqual([
      { id: young.id },
    ]);

    // Again: nothing left to do.
    expect(await sweepExpired(db, now)).toEqual({
      sessions: 0,
      otpCodes: 0,
      outbox: 0,
      socialPending: 0,
      pendingSignups: 0,
      codeSends: 0,
      loginFailures: 0,
    });
  });
});

it('the job runs at start, then on its timer, and stops when the app closes', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-retention-'));
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ACCOUNT_RETENTION_DAYS: '1' }),
    { logger: false },
  );
  try {
    const now = Date.now();
    const first = await insertUser(app.db, now - 3 * DAY_MS, { status: 'deleted', deleted_at: now - 2 * DAY_MS });
    const atStart = await startRetentionJob(app, 40);
    expect(atStart?.erased).toBe(1);
    expect((await userRow(app.db, first.id)).erased_at).not.toBeNull();
    const second = await insertUser(app.db, now - 3 * DAY_MS, { status: 'deleted', deleted_at: now - 2 * DAY_MS });
    await expect
      .poll(async () => (await userRow(app.db, second.id)).erased_at, { timeout: 3000, interval: 20 })
      .not.toBeNull();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // A tick after close would hit a destroyed database and log; there is none to wait for.
  await new Promise((resolve) => setTimeout(resolve, 100));
});
