import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoleSchema } from '../../../domain/roles.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import { grantRole, revokeRole, rolesOf } from '../../services/accounts/roles.service.ts';

const userParams = z.object({ id: z.string().min(1).max(64) });
const roleParams = userParams.extend({ role: staffRoleSchema });
const grantBody = z.object({ role: staffRoleSchema });
const rolesAnswer = envelope(z.object({ roles: z.array(staffRoleSchema), changed: z.boolean() }));

/** Admins give and take the judge and admin roles; every change goes to the audit log. */
export async function rolesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/users/:id/roles',
    { schema: { params: userParams, body: grantBody, response: { 200: rolesAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { role } = request.body;
      const { changed } = await grantRole(app.db, actorOf(currentUser(request), request.ip), id, role, app.clock.now());
      return { data: { roles: await rolesOf(app.db, id), changed } };
    },
  );

  app.delete(
    '/users/:id/roles/:role',
    { schema: { params: roleParams, response: { 200: rolesAnswer } } },
    async (request) => {
      const { id, role } = request.params;
      const { changed } = await revokeRole(
        app.db,
        actorOf(currentUser(request), request.ip),
        id,
        role,
        app.clock.now(),
      );
      return { data: { roles: await rolesOf(app.db, id), changed } };
    },
  );
}
