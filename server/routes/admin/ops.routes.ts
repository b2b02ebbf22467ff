import type { FastifyPluginAsync } from 'fastify';
import { messagesRoutes } from './messages.routes.ts';
import { pressAdminRoutes } from './press.routes.ts';
import { promosRoutes } from './promos.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { usersRoutes } from './users.routes.ts';

/** The everyday console areas (users, paid play, promo codes, contact inbox, press). */
export const opsRoutes: FastifyPluginAsync[] = [
  usersRoutes,
  settingsRoutes,
  promosRoutes,
  messagesRoutes,
  pressAdminRoutes,
];
