import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { XHR } from '../support/accounts.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/admin-create.ts');
const PASSWORD = 'Stumps@2026';

describe('npm run admin:create (scripts/admin-create.ts, SQLite)', { timeout: 60_000 }, () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the script with its stdin not a terminal; never rejects. */
  async function adminCreate(args: string[], env: Record<string, string> = {}) {
    const { ADMIN_PASSWORD: _ignored, DATABASE_URL: _db, ...inherited } = process.env;
    try {
      const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
        cwd: ROOT,
        env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env },
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  async function users() {
    const { db } = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'signup_method', 'password_hash'])
        .orderBy('created_at')
        .execute();
      const admins = new Set(
        (await db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute()).map(
          (r) => r.user_id,
        ),
      );
      return rows.map((row) => ({ ...row, role: admins.has(row.id) ? 'admin' : 'player' }));
    } finally {
      await db.destroy();
    }
  }

  it('creates an active admin who can log in', async () => {
    const res = await adminCreate(
      ['--email', 'Asha.Rao@CricSpot.in', '--phone', '+91 98765 43210', '--first', 'Asha', '--last', 'Rao'],
      { ADMIN_PASSWORD: PASSWORD },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /^Created admin Asha Rao <asha\.rao@cricspot\.in>, \+919876543210 \(sqlite, user [0-9a-f-]{36}\)/,
    );
    const [admin] = await users();
    expect(admin).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha.rao@cricspot.in',
      phone: '+919876543210',
      status: 'active',
      role: 'admin',
      signup_method: 'password',
    });
    // Hashed at the production cost.
    expect(admin!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);

    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      logger: false,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { identifier: 'asha.rao@cricspot.in', password: PASSWORD },
        headers: XHR,
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().data.user).toMatchObject({ roles: ['admin'], status: 'active' });
    } finally {
      await app.close();
    }
  });

  it('says so when the account is an admin already', async () => {
    const res = await adminCreate(['--email', 'asha.rao@cricspot.in']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/already an admin; nothing changed/);
  });

  it('promotes an existing active account by e-mail, leaving its password alone', async () => {
    const { db } = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    const now = Date.now();
    const base = {
      last_name: 'Kumar',
      password_hash: 'scrypt$keep',
      avatar_picture_id: null,
      signup_method: 'password' as const,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await db
      .insertInto('users')
      .values([
        {
          id: crypto.randomUUID(),
          first_name: 'Ravi',
          email: 'ravi@gmail.com',
          phone: '+919811111111',
          status: 'active',
          ...base,
        },
        {
          id: crypto.randomUUID(),
          first_name: 'Susp',
          email: 'susp@gmail.com',
          phone: '+919822222222',
          status: 'suspended',
          ...base,
        },
        {
          id: crypto.randomUUID(),
          first_name: 'Pend',
          email: 'pend@gmail.com',
          phone: '+919833333333',
          status: 'pending',
          ...base,
        },
      ])
      .execute();
    await db.destroy();

    const res = await adminCreate(['--email', 'RAVI@gmail.com', '--first', 'Ignored'], {
      ADMIN_PASSWORD: 'Other@Pass1',
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/--first ignored/);
    expect(res.stdout).toMatch(/Promoted Ravi Kumar <ravi@gmail\.com> to admin/);
    const ravi = (await users()).find((u) => u.email === 'ravi@gmail.com');
    expect(ravi).toMatchObject({ role: 'admin', password_hash: 'scrypt$keep', first_name: 'Ravi' });

    const suspended = await adminCreate(['--email', 'susp@gmail.com']);
    expect(suspended.code).toBe(1);
    expect(suspended.stderr).toMatch(
      /The account susp@gmail\.com is deactivated; only an active account can be made an admin\./,
    );
    const pending = await adminCreate(['--email', 'pend@gmail.com']);
    expect(pending.code).toBe(1);
    expect(pending.stderr).toMatch(/has not finished sign-up/);
    expect(
      (await users())
        .filter((u) => u.role === 'admin')
        .map((u) => u.email)
        .sort(),
    ).toEqual(['asha.rao@cricspot.in', 'ravi@gmail.com']);
  });

  it('writes what it did to the audit log, as the shell', async () => {
    const { db } = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const entries = await db
        .selectFrom('audit_log')
        .select(['actor_id', 'actor_name', 'action', 'summary'])
        .orderBy('created_at')
        .execute();
      expect(entries).toEqual([
        {
          actor_id: null,
          actor_name: 'Shell (npm run admin:create)',
          action: 'user.create_admin',
          summary: 'Created the admin Asha Rao from the shell',
        },
        {
          actor_id: null,
          actor_name: 'Shell (npm run admin:create)',
          action: 'role.grant',
          summary: 'Gave the admin role to Ravi Kumar',
        },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses bad input with exit code 1 and a clear message, creating nothing', async () => {
    const before = (await users()).length;
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [[], {}, /--email: Email is required[\s\S]*Usage:/],
      [['--email', 'not-an-email'], {}, /--email: Invalid email/],
      [['--email', 'x@gmail.com', '--bogus', '1'], {}, /Unknown option '--bogus'[\s\S]*Usage:/],
      [
        ['--email', 'new@gmail.com', '--first', 'asha', '--phone', '12345'],
        { ADMIN_PASSWORD: PASSWORD },
        /--first: First letter must be a capital letter\n {2}--last: Last name is required\n {2}--phone: Enter a valid Indian mobile number/,
      ],
      [
        ['--email', 'new@gmail.com', '--first', 'Asha', '--last', 'Rao', '--phone', '9876543210'],
        { ADMIN_PASSWORD: PASSWORD },
        /The mobile number \+919876543210 belongs to another account \(asha\.rao@cricspot\.in\)/,
      ],
      [
        ['--email', 'new@gmail.com', '--first', 'Asha', '--last', 'Rao', '--phone', '9700000000'],
        { ADMIN_PASSWORD: 'weakpass' },
        /The password is not accepted:\n {2}ADMIN_PASSWORD: Password must be at least 8 characters/,
      ],
      [
        ['--email', 'new@gmail.com', '--first', 'Asha', '--last', 'Rao', '--phone', '9700000000'],
        {},
        /No password: set ADMIN_PASSWORD, or run the command in a terminal to type it\./,
      ],
    ];
    for (const [args, env, message] of cases) {
      const res = await adminCreate(args, env);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toMatch(message);
    }
    expect((await users()).length).toBe(before);
  });

  it('prints its usage with --help', async () => {
    const res = await adminCreate(['--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage:/);
  });
});
