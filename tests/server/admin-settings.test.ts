import { expect, it } from 'vitest';
import { del, get, insertStaff, put as putAs, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('admin: the paid-play switch', (server) => {
  const clock = useTestClock(server);
  const put = (cookie: string, payload: unknown) =>
    putAs(server, '/api/v1/admin/settings/paid-play', payload, { cookie });
  const log = () =>
    server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'setting.paid_play')
      .orderBy('created_at')
      .execute();
  const publicState = async () => (await get(server, '/api/v1/contests/current')).json();

  it('shows the environment default, switches off and on, hands back to the environment; every change audited', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const first = await get(server, '/api/v1/admin/settings/paid-play', { cookie: admin!.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.paidPlay).toEqual({
      enabled: true,
      source: 'environment',
      environmentDefault: true,
      updatedAt: null,
    });

    clock.advance(1000);
    const off = await put(admin!.cookie, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({
      paidPlay: { enabled: false, source: 'console', environmentDefault: true, updatedAt: clock.now },
      changed: true,
    });
    expect((await publicState()).data.paidPlay.enabled).toBe(false);

    const same = await put(admin!.cookie, { enabled: false });
    expect(same.json().data.changed).toBe(false);

    clock.advance(1000);
    const back = await del(server, '/api/v1/admin/settings/paid-play', { cookie: admin!.cookie });
    expect(back.json().data).toEqual({
      paidPlay: { enabled: true, source: 'environment', environmentDefault: true, updatedAt: null },
      changed: true,
    });

    const entries = await log();
    expect(entries.map((e) => [e.summary, e.actor_id])).toEqual([
      ['Switched paid play off', admin!.id],
      ['Handed paid play back to the environment default (on)', admin!.id],
    ]);
    expect(JSON.parse(entries[0]!.before_json!)).toEqual({ paidPlay: 'on', source: 'environment' });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ paidPlay: 'off', source: 'console' });
  });

  it('refuses a body that is not a boolean', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const res = await put(admin!.cookie, { enabled: 'off' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/true or false/);
    expect(
      (await get(server, '/api/v1/admin/settings/paid-play', { cookie: admin!.cookie })).json().data.paidPlay.source,
    ).toBe('environment');
  });
});
