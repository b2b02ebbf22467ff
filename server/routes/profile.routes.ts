import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { otpSchema, profileSchema } from '../../domain/validation.ts';
import { AppError, notFound } from '../errors.ts';
import { envelope, fileAnswer } from '../plugins/zod-schemas.ts';
import { currentUser } from '../plugins/session.ts';
import { AVATAR_MAX_BYTES, AVATAR_MIMES, findAvatarFile, NOT_AN_AVATAR } from '../services/pictures/avatars.ts';
import { removeAvatar, setAvatar, updateProfile, verifyPhoneChange } from '../services/accounts/profile.service.ts';
import { claimCodeSend } from '../services/accounts/code-sends.service.ts';
import { requestLanguage } from '../integrations/message-language.ts';
import { profileUpdateSchema, profileUserSchema } from '../../domain/users.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

const profileResponse = envelope(z.object({ user: profileUserSchema }));
/** The profile saved; a new number waits for the code sent to it (`phoneChange`). */
const profileUpdateResponse = envelope(profileUpdateSchema);
const phoneVerifyBody = otpSchema.safeExtend({ otpToken: z.string().min(1).max(64) });

/** Slows down probing which e-mails and numbers are registered: per user, whatever the address. */
export const PROFILE_UPDATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
/** A new number's code: its own five tries per code, and this many calls per user. */
export const PHONE_VERIFY_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;
/** Each upload is a decode and a resize: enough for a person trying a few photos. */
export const AVATAR_UPLOAD_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

const byUser = (prefix: string) => (request: { user: { id: string } | null; ip: string }) =>
  `${prefix}:${request.user?.id ?? request.ip}`;

const tooLarge = () =>
  new AppError(413, 'PICTURE_TOO_LARGE', SERVER_ERROR_MESSAGES.avatarTooLarge(AVATAR_MAX_BYTES / 1024 / 1024));
const notAPicture = () => new AppError(400, 'INVALID_PICTURE', NOT_AN_AVATAR);

/**
 * The profile and its picture, registered inside accountRoutes (behind its requireUser hook).
 * The picture arrives as the raw request body with its own content type (image/jpeg, image/png
 * or image/webp), not as multipart form data.
 */
export async function profileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Only in this scope: the rest of the API keeps speaking JSON only.
  app.addContentTypeParser(
    [...AVATAR_MIMES],
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Body problems of the upload, in words a person can act on; everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError, request) => {
    if (request.routeOptions.url?.endsWith('/account/avatar') && request.method === 'POST') {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
      if (
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
        error.code === 'FST_ERR_CTP_EMPTY_TYPE' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      )
        throw notAPicture();
    }
    // Rethrown to the app's handler. Fastify would send a thrown non-Error (the rate limiter's
    // answer is a plain object) as a payload, so it goes as an Error with the same fields.
    throw error instanceof Error
      ? error
      : Object.assign(new Error(String((error as { message?: unknown }).message ?? 'Request failed')), error);
  });

  app.patch(
    '/account/profile',
    {
      schema: { body: profileSchema, response: { 200: profileUpdateResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: { ...PROFILE_UPDATE_LIMIT, keyGenerator: byUser('profile') } },
    },
    async (request) => {
      const user = currentUser(request);
      const input = request.body;
      const now = app.clock.now();
      const { user: updated, phoneChange } = await updateProfile(
        app.db,
        {
          messages: app.messages,
          secret: app.secret,
          lang: requestLanguage(request),
          claimSend: (key) => claimCodeSend(app.db, key, now),
        },
        { userId: user.id, input, now },
      );
      if (phoneChange)
        return {
          data: { user: updated, phoneChange },
          message: 'Your profile has been updated. We have sent a 6-digit code to your new number.',
        };
      return { data: { user: updated }, message: 'Your profile has been updated.' };
    },
  );

  // The code sent to a new number (PATCH above): right, and it is the account's number.
  app.post(
    '/account/phone/verify',
    {
      schema: { body: phoneVerifyBody, response: { 200: profileResponse } },
      bodyLimit: 4 * 1024,
      config: { rateLimit: { ...PHONE_VERIFY_LIMIT, keyGenerator: byUser('phone-verify') } },
    },
    async (request) => {
      const user = currentUser(request);
      const updated = await verifyPhoneChange(
        app.db,
        { messages: app.messages, secret: app.secret },
        { userId: user.id, otpToken: request.body.otpToken, otp: request.body.otp, now: app.clock.now() },
      );
      return { data: { user: updated }, message: 'Your mobile number has been changed.' };
    },
  );

  app.post(
    '/account/avatar',
    {
      schema: { response: { 200: profileResponse } },
      bodyLimit: AVATAR_MAX_BYTES,
      config: { rateLimit: { ...AVATAR_UPLOAD_LIMIT, keyGenerator: byUser('avatar') } },
    },
    async (request) => {
      const user = currentUser(request);
      // A JSON body (the only other parser here) is not a picture.
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw notAPicture();
      const updated = await setAvatar(app.db, app.pictures, {
        userId: user.id,
        buffer: request.body,
        now: app.clock.now(),
      });
      return { data: { user: updated }, message: 'Your profile picture has been updated.' };
    },
  );

  app.delete('/account/avatar', { schema: { response: { 200: profileResponse } } }, async (request) => {
    const user = currentUser(request);
    const updated = await removeAvatar(app.db, app.pictures, { userId: user.id, now: app.clock.now() });
    return { data: { user: updated }, message: 'Your profile picture has been removed.' };
  });

  // The session names the picture: there is no id in the path to try someone else's.
  app.get(
    '/account/avatar/image',
    { schema: { response: { 200: fileAnswer('The profile picture (JPEG)', 'image/jpeg') } } },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await app.db
        .selectFrom('users')
        .select('avatar_picture_id')
        .where('id', '=', user.id)
        .executeTakeFirst();
      const file = row?.avatar_picture_id
        ? await findAvatarFile(app.db, app.pictures, row.avatar_picture_id)
        : undefined;
      void reply.header('cache-control', 'private, no-store');
      if (!file) throw notFound('No profile picture');
      return reply.type(file.mime).header('content-length', file.bytes).send(file.body);
    },
  );
}
