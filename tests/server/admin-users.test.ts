import { expect, it } from 'vitest';
import { get, insertActiveUsers, insertStaff, post, signUpActive, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { eraseDeletedAccounts } from '../../server/services/site/retention.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describeOnEachDatabase('admin: users', (server) => {
  const clock = useTestClock(server);
  const audit = (targetId: string) =>
    server.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('created_at').execute();
  const setStatus = (id: string, fields: Record<string, unknown>) =>
    server.app.db.updateTable('users').set(fields).where('id', '=', id).execute();

  it('finds an account by 10-digit phone, +91 phone, the last digits, e-mail, its start and part of a name', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { person, user } = await signUpActive(server, clock, { firstName: 'Zorawar', lastName: 'Pathania' });
    for (const q of [
      person.phone,
      `+91 ${person.phone.slice(0, 5)} ${person.phone.slice(5)}`,
      person.phone.slice(-6),
      person.email.toUpperCase(),
      person.email.split('@')[0]!,
      'zorawar path',
    ]) {
      const res = await get(server, `/api/v1/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin!.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().data.users.map((u: { id: string }) => u.id),
        q,
      ).toEqual([user.id]);
    }
    const none = await get(server, '/api/v1/admin/users?q=9000000000', { cookie: admin!.cookie });
    expect(none.json().data.users).toEqual([]);
    const short = await get(server, '/api/v1/admin/users?q=a', { cookie: admin!.cookie });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 2 letters/);
  });

  it('shows a user page with status, roles, sign-up date and counts', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const res = await get(server, `/api/v1/admin/users/${judge!.id}`, { cookie: admin!.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({
      id: judge!.id,
      status: 'active',
      roles: ['judge'],
      createdAt: clock.now,
      ticketCount: 0,
      paymentCount: 0,
      restorable: false,
    });
    expect(
      (await get(server, `/api/v1/admin/users/${crypto.randomUUID()}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(404);
  });

  it('suspends with a reason: sessions end at once, login is refused, the audit log says why', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { person, cookie, user } = await signUpActive(server, clock);
    expect((await get(server, '/api/v1/account/me', { cookie })).statusCode).toBe(200);
    const noReason = await post(
      server,
      `/api/v1/admin/users/${user.id}/suspend`,
      { reason: ' ' },
      { cookie: admin!.cookie },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toMatch(/Write why/);
    const res = await post(
      server,
      `/api/v1/admin/users/${user.id}/suspend`,
      { reason: 'Chargeback fraud' },
      { cookie: admin!.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({
      status: 'suspended',
      suspendReason: 'Chargeback fraud',
      suspendedAt: clock.now,
      restorable: true,
    });
    expect((await get(server, '/api/v1/account/me', { cookie })).statusCode).toBe(401);
    expect(
      await server.app.db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    const login = await post(server, '/api/v1/auth/login', { identifier: person.email, password: person.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
    const [entry] = await audit(user.id);
    expect(entry).toMatchObject({ actor_id: admin!.id, action: 'user.suspend', target_type: 'user' });
    expect(entry!.summary).toMatch(/Chargeback fraud/);
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      status: 'suspended',
      reason: 'Chargeback fraud',
      sessionsEnded: 1,
    });
    const again = await post(
      server,
      `/api/v1/admin/users/${user.id}/suspend`,
      { reason: 'Again' },
      { cookie: admin!.cookie },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_NOT_ACTIVE');
  });

  it('refuses to let an admin suspend their own account', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const res = await post(
      server,
      `/api/v1/admin/users/${admin!.id}/suspend`,
      { reason: 'Testing' },
      { cookie: admin!.cookie },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANNOT_SUSPEND_SELF');
  });

  it('restores a suspended account: the person logs in again; audited', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { person, user } = await signUpActive(server, clock);
    await post(
      server,
      `/api/v1/admin/users/${user.id}/suspend`,
      { reason: 'Abusive messages' },
      { cookie: admin!.cookie },
    );
    clock.advance(1000);
    const res = await post(
      server,
      `/api/v1/admin/users/${user.id}/restore`,
      { reason: 'Apologised by e-mail' },
      { cookie: admin!.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ status: 'active', suspendReason: null, suspendedAt: null });
    expect(
      (await post(server, '/api/v1/auth/login', { identifier: person.email, password: person.password })).statusCode,
    ).toBe(200);
    const entries = await audit(user.id);
    expect(entries.map((e) => e.action)).toEqual(['user.suspend', 'user.restore']);
    expect(JSON.parse(entries[1]!.before_json!)).toEqual({ status: 'suspended' });
    const active = await post(
      server,
      `/api/v1/admin/users/${user.id}/restore`,
      { reason: 'Twice' },
      { cookie: admin!.cookie },
    );
    expect(active.json().code).toBe('USER_ALREADY_ACTIVE');
  });

  it('restores a deleted account within the retention period, and refuses after it or after erasure', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [recent, late, erased] = await insertActiveUsers(server, 3, clock.now);
    const retention = server.app.config.accountRetentionDays * DAY;
    await setStatus(recent!.id, { status: 'deleted', deleted_at: clock.now - DAY });
    await setStatus(late!.id, { status: 'deleted', deleted_at: clock.now - retention - DAY });
    await setStatus(erased!.id, { status: 'deleted', deleted_at: clock.now - retention - DAY });
    await eraseDeletedAccounts(server.app.db, { store: server.app.pictures, now: clock.now, retentionMs: retention });
    await setStatus(late!.id, { erased_at: null, first_name: 'Late' });

    const page = (await get(server, `/api/v1/admin/users/${recent!.id}`, { cookie: admin!.cookie })).json().data.user;
    expect(page).toMatchObject({ status: 'deleted', restorable: true, restoreUntil: clock.now - DAY + retention });
    const ok = await post(
      server,
      `/api/v1/admin/users/${recent!.id}/restore`,
      { reason: 'E-mail to support of 24 Nov' },
      { cookie: admin!.cookie },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user).toMatchObject({ status: 'active', deletedAt: null });
    expect((await audit(recent!.id)).map((e) => e.action)).toEqual(['user.restore']);

    const tooLate = await post(
      server,
      `/api/v1/admin/users/${late!.id}/restore`,
      { reason: 'E-mail' },
      { cookie: admin!.cookie },
    );
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('RETENTION_PASSED');
    const gone = await post(
      server,
      `/api/v1/admin/users/${erased!.id}/restore`,
      { reason: 'E-mail' },
      { cookie: admin!.cookie },
    );
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'ACCOUNT_ERASED', message: expect.stringMatching(/erased/) });
    expect(
      (await get(server, `/api/v1/admin/users/${erased!.id}`, { cookie: admin!.cookie })).json().data.user,
    ).toMatchObject({ restorable: false, erasedAt: clock.now });
    expect(await audit(erased!.id)).toEqual([]);
  });
});
