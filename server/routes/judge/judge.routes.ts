import type { FastifyPluginAsync } from 'fastify';
import { roleContainer } from '../console.ts';
import { judgeMarksRoutes } from './marks.routes.ts';

/**
 * Everything under /api/v1/judge: the judges' panel. The judge role is checked by the container
 * for every route listed here (server/routes/console.ts).
 */
export const judgeRoutes: FastifyPluginAsync = roleContainer('judge', [judgeMarksRoutes]);
