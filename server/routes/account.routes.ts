import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, otpSchema, resetPasswordSchema } from '../../domain/validation.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import {
  changePassword,
  deactivateAccount,
  deleteAccount,
  requestPasswordCode,
  setPasswordWithCode,
} from '../services/accounts/account.service.ts';
import { PLAYER_LANGUAGES, rememberLanguage, requestLanguage } from '../integrations/message-language.ts';
import { sendAccountNotice } from '../services/accounts/account-notices.ts';
import { loadProfile } from '../services/accounts/profile.service.ts';
import { profileUserSchema } from '../../domain/users.ts';
import { profileRoutes } from './profile.routes.ts';

const meResponse = envelope(z.object({ user: profileUserSchema }));
const emptyResponse = envelope(z.object({}));

/** Guessing the current password from a stolen session is slow work. */
const CHANGE_PASSWORD_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
/** Codes to set a password, per account: each is an SMS, and a minute apart is plenty. */
export const PASSWORD_CODE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;
/** Tries of those codes per account (each code also dies after five wrong tries). */
export const PASSWORD_SET_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

const byUser = (prefix: string) => (request: { user: { id: string } | null; ip: string }) =>
  `${prefix}:${request.user?.id ?? request.ip}`;

const setPasswordBody = resetPasswordSchema.safeExtend({
  otpToken: z.string().min(1).max(64),
  otp: otpSchema.shape.otp,
});
const languageBody = z.object({ language: z.enum(PLAYER_LANGUAGES) });

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

  // Setting a password (issue 25: a code-first sign-up has none) or choosing a new one without
  // the current one: a code by SMS to the account's own number, then the new password with it.
  app.post(
    '/account/password/code',
    {
      schema: { response: { 200: envelope(z.object({ otpToken: z.string(), hadPassword: z.boolean() })) } },
      config: { rateLimit: { ...PASSWORD_CODE_LIMIT, keyGenerator: byUser('password-code') } },
    },
    async (request) => {
      const user = currentUser(request);
      const sent = await requestPasswordCode(
        app.db,
        { secret: app.secret, messages: app.messages, lang: requestLanguage(request) },
        { userId: user.id, now: app.clock.now() },
      );
      return { data: sent, message: 'We have sent a 6-digit code to your phone.' };
    },
  );

  app.post(
    '/account/password/set',
    {
      schema: { body: setPasswordBody, response: { 200: emptyResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: { ...PASSWORD_SET_LIMIT, keyGenerator: byUser('password-set') } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      await setPasswordWithCode(
        app.db,
        { secret: app.secret, passwords: app.passwords },
        {
          userId: user.id,
          otpToken: body.otpToken,
          otp: body.otp,
          password: body.password,
          now: app.clock.now(),
          who: request.ip,
        },
      );
      // Every session ended; this browser gets a new one, as after a password change.
      request.sessionIdHash = null;
      await app.startSession(request, reply, user.id);
      return { data: {}, message: 'Your password has been set.' };
    },
  );

  // The site's language as the player uses it now, for the messages sent to them later.
  app.put(
    '/account/language',
    { schema: { body: languageBody, response: { 200: emptyResponse } } },
    async (request) => {
      const user = currentUser(request);
      await rememberLanguage(app.db, user.id, request.body.language);
      return { data: {} };
    },
  );

  // The holder is told by e-mail and SMS, after the answer, what happened and how to undo it.
  const tellClosed = (userId: string, change: 'deactivated' | 'deleted', at: number) =>
    app.afterAnswer(
      () =>
        sendAccountNotice(app.db, app.messages, {
          userId,
          change,
          at,
          retentionDays: app.config.accountRetentionDays,
          siteUrl: app.config.publicUrl,
        }),
      `the account ${change === 'deleted' ? 'deletion' : 'deactivation'} notice could not be sent`,
    );

  app.post('/account/deactivate', { schema: { response: { 200: emptyResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    const now = app.clock.now();
    if (await deactivateAccount(app.db, user.id, now)) tellClosed(user.id, 'deactivated', now);
    await app.endSession(request, reply);
    return { data: {}, message: 'Your account has been deactivated.' };
  });

  app.post('/account/delete', { schema: { response: { 200: emptyResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    const now = app.clock.now();
    if (await deleteAccount(app.db, user.id, now)) tellClosed(user.id, 'deleted', now);
    await app.endSession(request, reply);
    return { data: {}, message: 'Your account has been deleted.' };
  });
}
