import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../domain/audit.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { listAudit } from '../../services/site/audit.service.ts';

/** The audit log, newest first, filtered and paged (the console's Audit log screen). */
export async function auditRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: envelope(auditPageSchema) } } },
    async (request) => {
      return { data: await listAudit(app.db, request.query) };
    },
  );
}
