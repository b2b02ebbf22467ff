import { expect, it } from 'vitest';
import { del, get, insertActiveUsers, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('roles and the audit log', (server) => {
  const clock = useTestClock(server);
  const roles = (userId: string) =>
    server.app.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();

  it('an admin gives the judge role; the person holds it from their next request, and /account/me says so', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [player] = await insertActiveUsers(server, 1, clock.now);
    expect((await get(server, '/api/v1/account/me', { cookie: player!.cookie })).json().data.user.roles).toEqual([]);
    const res = await post(
      server,
      `/api/v1/admin/users/${player!.id}/roles`,
      { role: 'judge' },
      { cookie: admin!.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ roles: ['judge'], changed: true });
    expect((await get(server, '/api/v1/account/me', { cookie: player!.cookie })).json().data.user.roles).toEqual([
      'judge',
    ]);
    // Granting again changes nothing and logs nothing.
    const again = await post(
      server,
      `/api/v1/admin/users/${player!.id}/roles`,
      { role: 'judge' },
      { cookie: admin!.cookie },
    );
    expect(again.json().data).toEqual({ roles: ['judge'], changed: false });
    const log = await server.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', player!.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor_id: admin!.id,
      action: 'role.grant',
      target_type: 'user',
      before_json: '{"roles":[]}',
      after_json: '{"roles":["judge"]}',
    });
    expect(log[0]!.summary).toMatch(/^Gave the judge role to /);
  });

  it('takes a role away, and the person loses the console at once', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [judge] = await insertStaff(server, ['judge', 'admin'], clock.now);
    expect((await get(server, '/api/v1/admin/audit', { cookie: judge!.cookie })).statusCode).toBe(200);
    const res = await del(server, `/api/v1/admin/users/${judge!.id}/roles/admin`, { cookie: admin!.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ roles: ['judge'], changed: true });
    expect((await get(server, '/api/v1/admin/audit', { cookie: judge!.cookie })).statusCode).toBe(403);
    expect(await roles(judge!.id)).toEqual([{ role: 'judge' }]);
  });

  it('never takes the admin role from the last active admin', async () => {
    // A suite of its own would be cleaner; here the other admins are suspended first.
    await server.app.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', 'in', server.app.db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin'))
      .execute();
    const [last] = await insertStaff(server, ['admin'], clock.now);
    const res = await del(server, `/api/v1/admin/users/${last!.id}/roles/admin`, { cookie: last!.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_ADMIN' });
    expect(await roles(last!.id)).toEqual([{ role: 'admin' }]);
  });

  it('refuses roles for an unknown or inactive account, and a role that does not exist', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [player] = await insertActiveUsers(server, 1, clock.now);
    await server.app.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', player!.id).execute();
    expect(
      (
        await post(server, `/api/v1/admin/users/${player!.id}/roles`, { role: 'judge' }, { cookie: admin!.cookie })
      ).json(),
    ).toMatchObject({ code: 'USER_NOT_ACTIVE' });
    expect(
      (
        await post(
          server,
          `/api/v1/admin/users/${crypto.randomUUID()}/roles`,
          { role: 'judge' },
          { cookie: admin!.cookie },
        )
      ).statusCode,
    ).toBe(404);
    const bad = await post(
      server,
      `/api/v1/admin/users/${player!.id}/roles`,
      { role: 'owner' },
      { cookie: admin!.cookie },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('lists the audit log newest first, filtered and a page at a time', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const players = await insertActiveUsers(server, 3, clock.now);
    for (const p of players) {
      clock.advance(1000);
      await post(server, `/api/v1/admin/users/${p.id}/roles`, { role: 'judge' }, { cookie: admin!.cookie });
    }
    const first = await get(server, `/api/v1/admin/audit?actorId=${admin!.id}&limit=2`, { cookie: admin!.cookie });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.entries.map((e: { targetId: string }) => e.targetId)).toEqual([players[2]!.id, players[1]!.id]);
    expect(page1.entries[0]).toMatchObject({
      actorId: admin!.id,
      action: 'role.grant',
      before: { roles: [] },
      after: { roles: ['judge'] },
    });
    const page2 = (
      await get(server, `/api/v1/admin/audit?actorId=${admin!.id}&limit=2&cursor=${page1.nextCursor}`, {
        cookie: admin!.cookie,
      })
    ).json().data;
    expect(page2.entries.map((e: { targetId: string }) => e.targetId)).toEqual([players[0]!.id]);
    expect(page2.nextCursor).toBeNull();
    const byTarget = (
      await get(server, `/api/v1/admin/audit?targetType=user&targetId=${players[1]!.id}`, { cookie: admin!.cookie })
    ).json().data;
    expect(byTarget.entries).toHaveLength(1);
    const byAction = (
      await get(server, `/api/v1/admin/audit?action=role&actorId=${admin!.id}`, { cookie: admin!.cookie })
    ).json().data;
    expect(byAction.entries).toHaveLength(3);
    const none = (
      await get(server, `/api/v1/admin/audit?action=contest&actorId=${admin!.id}`, { cookie: admin!.cookie })
    ).json().data;
    expect(none.entries).toEqual([]);
  });
});
