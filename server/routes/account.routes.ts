import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema } from '../../domain/validation.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { changePassword, deactivateAccount, deleteAccount } from '../services/account.service.ts';
import { loadProfile } from '../services/profile.service.ts';
import { profileUserSchema } from '../../domain/users.ts';
import { profileRoutes } from './profile.routes.ts';

const meResponse = envelope(z.object({ user: profileUserSchema }));
const emptyResponse = envelope(z.object({}));

/** Guessing the current password from a stolen session is slow work. */
const CHANGE_PASSWORD_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

/** The logged-in user's own account; every route acts on the session's user and nobody else. */
export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // onRequest, not preHandler: a caller without a session learns nothing about a body's validity.
  app.addHook('onRequest', requireUser);

  app.get('/account/me', { schema: { response: { 200: meResponse } } }, async (request) => {
    const user = currentUser(request);
    return { data: { user: await loadProfile(app.db, user.id) } };
  });

  // Profile update and picture (upload, removal, the private image).
  await app.register(profileRoutes);

  app.post(
    '/account/password',
    {
      schema: { body: changePasswordSchema, response: { 200: emptyResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: CHANGE_PASSWORD_LIMIT },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      await changePassword(app.db, app.passwords, {
        userId: user.id,
        currentPassword: body.currentPassword,
        newPassword: body.password,
        now: app.clock.now(),
        who: request.ip,
      });
      // Every session ended, this browser gets a new one: a stolen copy of its old cookie is dead too.
      request.sessionIdHash = null;
      await app.startSession(request, reply, user.id);
      return { data: {}, message: 'Your password has been changed.' };
    },
  );

  app.post('/account/deactivate', { schema: { response: { 200: emptyResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    await deactivateAccount(app.db, user.id, app.clock.now());
    await app.endSession(request, reply);
    return { data: {}, message: 'Your account has been deactivated.' };
  });

  app.post('/account/delete', { schema: { response: { 200: emptyResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    await deleteAccount(app.db, user.id, app.clock.now());
    await app.endSession(request, reply);
    return { data: {}, message: 'Your account has been deleted.' };
  });
}
