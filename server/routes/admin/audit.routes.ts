import type { FastifyInstance } from 'fastify';
import { auditPageSchema, auditQuerySchema, type AuditQuery } from '../../../domain/audit.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { listAudit } from '../../services/audit.service.ts';

/** The audit log, newest first, filtered and paged (the console's Audit log screen). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: envelope(auditPageSchema) } } },
    async (request) => {
      return { data: await listAudit(app.db, request.query as AuditQuery) };
    },
  );
}
