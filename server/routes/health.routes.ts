import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

/** Liveness says the process answers; readiness says it can reach its database and is not shutting down. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ data: { status: 'ok' } }));

  app.get('/readyz', async (request, reply) => {
    // Unready from the moment a shutdown begins (plugins/graceful-shutdown.ts), so a balancer stops sending.
    if (app.draining) return reply.status(503).send({ message: SERVER_ERROR_MESSAGES.shuttingDown, code: 'NOT_READY' });
    try {
      await sql`select 1`.execute(app.db);
      return { data: { status: 'ready', database: app.dialect } };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ message: SERVER_ERROR_MESSAGES.notReady, code: 'NOT_READY' });
    }
  });
}
