import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { StaffRole } from '../../domain/roles.ts';
import { requireRole } from '../plugins/session.ts';

/** A route of the console, as registered: for the test that calls every one of them as a player. */
export interface ConsoleRoute {
  method: string;
  url: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/v1/admin and /api/v1/judge route with the role its container demands. */
    consoleRoutes: ConsoleRoute[];
  }
}

/**
 * A container whose every route needs `role`: the check is a hook of the container, so a route
 * added inside it cannot forget it. The hook runs on request, before the body is even parsed, so
 * a player learns nothing from validation messages either.
 */
export function roleContainer(role: StaffRole, routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', requireRole(role));
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') app.consoleRoutes.push({ method, url: route.url, role });
    });
    for (const plugin of routes) await app.register(plugin);
  };
}
