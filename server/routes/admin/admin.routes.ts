import type { FastifyPluginAsync } from 'fastify';
import { roleContainer } from '../console.ts';
import { auditRoutes } from './audit.routes.ts';
import { resultsRoutes } from './results.routes.ts';
import { claimsAdminRoutes } from './claims.routes.ts';
import { contestsAdminRoutes } from './contests.routes.ts';
import { picturesRoutes } from './pictures.routes.ts';
import { rolesRoutes } from './roles.routes.ts';
import { opsRoutes } from './ops.routes.ts';
import { paymentsAdminRoutes } from './payments.routes.ts';

/**
 * Everything under /api/v1/admin: the admin role is checked by the container for every route
 * listed here (server/routes/console.ts). Add a console area by adding its routes file.
 */
export const adminRoutes: FastifyPluginAsync = roleContainer('admin', [
  auditRoutes,
  rolesRoutes,
  picturesRoutes,
  contestsAdminRoutes,
  resultsRoutes,
  claimsAdminRoutes,
  paymentsAdminRoutes,
  ...opsRoutes,
]);
