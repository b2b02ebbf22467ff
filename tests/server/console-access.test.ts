import { describe, expect, it } from 'vitest';
import { insertActiveUsers, insertStaff, useTestClock, XHR } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

/** A concrete URL for a route pattern: every ':param' becomes a made-up id. */
const concrete = (url: string) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    name === 'role' ? 'judge' : '00000000-0000-4000-8000-000000000000',
  );

describeOnEachDatabase('console access, route by route', (server) => {
  const clock = useTestClock(server);

  it('knows every console route (the registry is filled by the containers)', () => {
    const urls = server.app.consoleRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/v1/admin/audit');
    expect(urls).toContain('POST /api/v1/admin/users/:id/roles');
    expect(
      server.app.consoleRoutes.every((r) => r.url.startsWith(r.role === 'admin' ? '/api/v1/admin/' : '/api/v1/judge/')),
    ).toBe(true);
  });

  it('answers 401 to a caller without a session on every console route', async () => {
    for (const route of server.app.consoleRoutes) {
      const res = await server.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: XHR,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect([route.method, route.url, res.statusCode, res.json().code]).toEqual([
        route.method,
        route.url,
        401,
        'UNAUTHENTICATED',
      ]);
    }
  });

  it("answers 403 to a player's session on every console route", async () => {
    const [player] = await insertActiveUsers(server, 1, clock.now);
    for (const route of server.app.consoleRoutes) {
      const res = await server.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { ...XHR, cookie: player!.cookie },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect([route.method, route.url, res.statusCode, res.json().code]).toEqual([
        route.method,
        route.url,
        403,
        'FORBIDDEN',
      ]);
    }
  });

  it('keeps judges out of admin routes and admins out of judge routes unless they hold both roles', async () => {
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [both] = await insertStaff(server, ['admin', 'judge'], clock.now);
    for (const route of server.app.consoleRoutes) {
      const outsider = route.role === 'admin' ? judge! : admin!;
      const call = (cookie: string) =>
        server.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...XHR, cookie },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
      const refused = await call(outsider.cookie);
      expect([route.url, refused.statusCode]).toEqual([route.url, 403]);
      const allowed = await call(both!.cookie);
      expect([route.url, allowed.statusCode === 401 || allowed.statusCode === 403]).toEqual([route.url, false]);
    }
  });
});

describe('console routes outside the containers', () => {
  it('are none: every /api/v1/admin and /api/v1/judge path belongs to a role container', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const routesDir = path.resolve(import.meta.dirname, '../../server/routes');
    const offenders = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => !file.startsWith('admin') && !file.startsWith('judge') && file !== 'console.ts')
      .filter((file) => /['"`]\/(admin|judge)\//.test(readFileSync(path.join(routesDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
