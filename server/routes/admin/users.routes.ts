import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  userDetailSchema,
  userReasonSchema,
  userSearchQuerySchema,
  userSummarySchema,
} from '../../../domain/admin-users.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import {
  deleteUser,
  restoreUser,
  searchUsers,
  suspendUser,
  userDetail,
} from '../../services/admin/admin-users.service.ts';
import { sendAccountNotice } from '../../services/accounts/account-notices.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const detailAnswer = envelope(z.object({ user: userDetailSchema }));

/** Admin > Users: find an account, read it, suspend, delete or restore it (roles: roles.routes.ts). */
export async function usersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users',
    {
      schema: {
        querystring: userSearchQuerySchema,
        response: { 200: envelope(z.object({ users: z.array(userSummarySchema) })) },
      },
    },
    async (request) => {
      const { q } = request.query;
      return { data: { users: await searchUsers(app.db, q) } };
    },
  );

  app.get('/users/:id', { schema: { params, response: { 200: detailAnswer } } }, async (request) => {
    const { id } = request.params;
    return { data: { user: await userDetail(app.db, id, app.clock.now(), app.config.accountRetentionDays) } };
  });

  app.post(
    '/users/:id/suspend',
    { schema: { params, body: userReasonSchema, response: { 200: detailAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const now = app.clock.now();
      await suspendUser(app.db, actorOf(currentUser(request), request.ip), id, reason, now);
      return { data: { user: await userDetail(app.db, id, now, app.config.accountRetentionDays) } };
    },
  );

  app.post(
    '/users/:id/restore',
    { schema: { params, body: userReasonSchema, response: { 200: detailAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const now = app.clock.now();
      await restoreUser(
        app.db,
        actorOf(currentUser(request), request.ip),
        id,
        reason,
        now,
        app.config.accountRetentionDays,
      );
      // Committed: the player is told, by e-mail and SMS after the answer, that they can log in again.
      app.afterAnswer(
        () =>
          sendAccountNotice(app.db, app.messages, {
            userId: id,
            change: 'restored',
            at: now,
            retentionDays: app.config.accountRetentionDays,
            siteUrl: app.config.publicUrl,
          }),
        'the account restored notice could not be sent',
      );
      return { data: { user: await userDetail(app.db, id, now, app.config.accountRetentionDays) } };
    },
  );

  app.post(
    '/users/:id/delete',
    { schema: { params, body: userReasonSchema, response: { 200: detailAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const now = app.clock.now();
      await deleteUser(app.db, actorOf(currentUser(request), request.ip), id, reason, now);
      // As for the player's own deletion: told by e-mail and SMS, with how to have it restored.
      app.afterAnswer(
        () =>
          sendAccountNotice(app.db, app.messages, {
            userId: id,
            change: 'deleted',
            at: now,
            retentionDays: app.config.accountRetentionDays,
            siteUrl: app.config.publicUrl,
          }),
        'the account deletion notice could not be sent',
      );
      return { data: { user: await userDetail(app.db, id, now, app.config.accountRetentionDays) } };
    },
  );
}
