import { expect, it } from 'vitest';
import { get, insertStaff, post, signUpActive, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('admin: deleting an account for its owner', (server) => {
  const clock = useTestClock(server);
  const audit = (targetId: string) =>
    server.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('created_at').execute();
  const remove = (id: string, reason: string, cookie: string) =>
    post(server, `/api/v1/admin/users/${id}/delete`, { reason }, { cookie });

  it('deletes as the player’s own "Delete account" does: logged out, no push, no login, restorable; audited without personal data', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { person, cookie, user } = await signUpActive(server, clock, { firstName: 'Kavya', lastName: 'Menon' });
    await server.app.db
      .insertInto('push_subscriptions')
      .values({
        endpoint: 'https://fcm.googleapis.com/fcm/send/kavya',
        user_id: user.id,
        p256dh: 'key',
        auth: 'auth',
        lang: 'en',
        created_at: clock.now,
      })
      .execute();

    const noReason = await remove(user.id, '  ', admin!.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toMatch(/Write why/);
    expect((await get(server, '/api/v1/account/me', { cookie })).statusCode).toBe(200);

    clock.advance(1000);
    const res = await remove(user.id, 'Asked by e-mail, cannot log in', admin!.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const retention = server.app.config.accountRetentionDays * 24 * 60 * 60 * 1000;
    expect(res.json().data.user).toMatchObject({
      status: 'deleted',
      deletedAt: clock.now,
      restorable: true,
      restoreUntil: clock.now + retention,
    });
    expect((await get(server, '/api/v1/account/me', { cookie })).statusCode).toBe(401);
    expect(
      await server.app.db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await server.app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    const login = await post(server, '/api/v1/auth/login', { identifier: person.email, password: person.password });
    expect([login.statusCode, login.json().code]).toEqual([403, 'ACCOUNT_DELETED']);
    // The person is told, as after their own deletion: by e-mail and SMS, with until when it can be restored.
    await server.app.idleAfterAnswer();
    const told = await server.app.db
      .selectFrom('outbox_messages')
      .select(['channel', 'subject'])
      .where('recipient', 'in', [person.email.toLowerCase(), `+91${person.phone}`])
      .where('created_at', '>=', clock.now)
      .execute();
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.channel === 'email')!.subject).toBe('Your CricSpot account has been deleted');

    const [entry, ...more] = await audit(user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_id: admin!.id, action: 'user.delete', target_type: 'user' });
    expect(entry!.summary).toMatch(/Asked by e-mail, cannot log in/);
    expect(JSON.parse(entry!.before_json!)).toEqual({ status: 'active' });
    expect(JSON.parse(entry!.after_json!)).toEqual({
      status: 'deleted',
      reason: 'Asked by e-mail, cannot log in',
      sessionsEnded: 1,
    });
    const logged = JSON.stringify(entry);
    for (const personal of ['Kavya', 'Menon', person.email, person.phone, person.phone.slice(-10)])
      expect(logged).not.toContain(personal);

    // Within the retention period support can still restore it, as after a self-deletion.
    const restored = await post(
      server,
      `/api/v1/admin/users/${user.id}/restore`,
      { reason: 'Changed their mind' },
      { cookie: admin!.cookie },
    );
    expect(restored.json().data.user).toMatchObject({ status: 'active' });
  });

  it('deletes a suspended account too', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const { user } = await signUpActive(server, clock);
    await post(server, `/api/v1/admin/users/${user.id}/suspend`, { reason: 'Fraud' }, { cookie: admin!.cookie });
    clock.advance(1000);
    const res = await remove(user.id, 'Asked by letter', admin!.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.status).toBe('deleted');
    expect(JSON.parse((await audit(user.id)).at(-1)!.before_json!)).toEqual({ status: 'suspended' });
  });

  it('refuses the operator’s own account, staff accounts, a deleted one and an unknown one; judges cannot delete', async () => {
    const [admin, otherAdmin] = await insertStaff(server, ['admin'], clock.now, 2);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const { user } = await signUpActive(server, clock);

    const self = await remove(admin!.id, 'Testing', admin!.cookie);
    expect([self.statusCode, self.json().code]).toEqual([409, 'CANNOT_DELETE_SELF']);
    expect(self.json().message).toBe('You cannot delete your own account from the console.');
    for (const staff of [judge!, otherAdmin!]) {
      const res = await remove(staff.id, 'Left the company', admin!.cookie);
      expect([res.statusCode, res.json().code]).toEqual([409, 'CANNOT_DELETE_STAFF']);
      expect(res.json().message).toMatch(/take its roles away first/);
      expect(
        (await get(server, `/api/v1/admin/users/${staff.id}`, { cookie: admin!.cookie })).json().data.user.status,
      ).toBe('active');
    }
    expect((await remove(user.id, 'Asked by e-mail', judge!.cookie)).statusCode).toBe(403);

    expect((await remove(user.id, 'Asked by e-mail', admin!.cookie)).statusCode).toBe(200);
    const twice = await remove(user.id, 'Asked again', admin!.cookie);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'USER_ALREADY_DELETED']);
    expect((await remove(crypto.randomUUID(), 'Asked by e-mail', admin!.cookie)).statusCode).toBe(404);
    expect((await audit(user.id)).map((e) => e.action)).toEqual(['user.delete']);
    expect(await audit(admin!.id)).toEqual([]);
  });
});
