import { indiaOnly } from '../plugins/location-gate.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountUserSchema } from '../../domain/users.ts';
import { toIndianE164 } from '../../domain/phone.ts';
import {
  forgotSchema,
  loginCodeRequestSchema,
  loginCodeVerifySchema,
  loginSchema,
  otpSchema,
  resetPasswordSchema,
  signupRequestSchema,
} from '../../domain/validation.ts';
import { AppError, rateLimited } from '../errors.ts';
import type { MessageSender } from '../integrations/messages.ts';
import { requestLanguage } from '../integrations/message-language.ts';
import { loopbackOnly } from '../plugins/loopback.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import {
  type AuthDeps,
  checkResetCode,
  forgotPassword,
  logIn,
  logInWithCode,
  normalizeIdentifier,
  requestLoginCode,
  resendCode,
  resetPassword,
  sendKeyFor,
  signUp,
  verifySignup,
} from '../services/accounts/auth.service.ts';
import { findOpenChallenge, OTP_TTL_MS, requireResendable } from '../services/accounts/otp.service.ts';
import { claimCodeSend } from '../services/accounts/code-sends.service.ts';
import {
  loginFailuresOf,
  recordLoginFailure,
  waitAfterFailure,
  waitBeforeCheck,
} from '../services/accounts/login-failures.service.ts';
import { isSecureCookieSite } from '../plugins/session.ts';
import { staffAwareLoginLimit } from '../services/admin/admin-login-limits.ts';

const otpTokenField = z
  .string({ error: 'The code request is missing. Start again.' })
  .min(1, { error: 'The code request is missing. Start again.' })
  .max(64, { error: 'The code request is not valid. Start again.' });
const otpField = otpSchema.shape.otp;

const verifySchema = z.object({ otpToken: otpTokenField, otp: otpField });
const resendSchema = z.object({ otpToken: otpTokenField });
const resetSchema = resetPasswordSchema.safeExtend({ otpToken: otpTokenField, otp: otpField });

const challengeResponse = envelope(z.object({ otpToken: z.string() }));
const userResponse = envelope(z.object({ user: accountUserSchema }));
const emptyResponse = envelope(z.object({}));

/** Per client address; the per-recipient and per-identifier limits below come on top. */
// Generous: Indian mobile carriers put many people behind one IPv4 address (CGNAT). The
// per-phone, per-identifier and per-code limits are what stop guessing.
export const SIGNUP_LIMIT = { max: 30, timeWindow: '1 hour' } as const;
export const OTP_VERIFY_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
export const OTP_RESEND_LIMIT = { max: 30, timeWindow: '1 hour' } as const;
export const LOGIN_LIMIT = { max: 50, timeWindow: '10 minutes' } as const;
export const FORGOT_LIMIT = { max: 30, timeWindow: '1 hour' } as const;
export const RESET_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
/** Login codes asked for from one address (the per-phone waits of code-sends.service.ts come on top). */
export const LOGIN_CODE_LIMIT = { max: 30, timeWindow: '1 hour' } as const;
/** Login codes checked from one address (each request's code also dies after five wrong tries). */
export const LOGIN_CODE_VERIFY_LIMIT = OTP_VERIFY_LIMIT;

/**
 * The login-code request a browser made, so that its check tries only that request's code
 * (issue 27, finding 4). HttpOnly, sent only to the login-code routes, gone with the code.
 */
const LOGIN_CODE_COOKIE = 'cs_login_code';
const LOGIN_CODE_PATH = '/api/v1/auth/login-code';

export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Codes to one phone (or identifier), whoever asks: growing waits, never an hour's wall.
  const limitSends = (key: string) => claimCodeSend(app.db, key, app.clock.now());
  const secureCookie = isSecureCookieSite(app.config.publicUrl);
  // Codes and notices go out after the answer: a real account and an unknown one take the same
  // time and get the same answer, even with the SMS relay slow or down (failures are logged).
  const sendAfterAnswer: MessageSender = {
    send: async (message) => {
      app.afterAnswer(() => app.messages.send(message), 'a code or notice could not be sent');
    },
  };
  const deps = (request: FastifyRequest): AuthDeps => ({
    clientAddress: request.ip,
    db: app.db,
    secret: app.secret,
    passwords: app.passwords,
    messages: sendAfterAnswer,
    now: app.clock.now(),
    lang: requestLanguage(request),
  });

  app.post(
    '/auth/signup',
    {
      preHandler: indiaOnly(app),
      schema: { body: signupRequestSchema, response: { 200: challengeResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: SIGNUP_LIMIT },
    },
    async (request) => {
      const body = request.body;
      await limitSends(sendKeyFor(app.secret, toIndianE164(body.phone)));
      const { otpToken } = await signUp(deps(request), body);
      return { data: { otpToken }, message: 'We have sent a 6-digit code to your phone.' };
    },
  );

  app.post(
    '/auth/otp/verify',
    { schema: { body: verifySchema, response: { 200: userResponse } }, config: { rateLimit: OTP_VERIFY_LIMIT } },
    async (request, reply) => {
      const body = request.body;
      const user = await verifySignup(deps(request), body.otpToken, body.otp);
      await app.startSession(request, reply, user.id);
      return { data: { user }, message: 'Your account is ready. Welcome!' };
    },
  );

  app.post(
    '/auth/otp/resend',
    { schema: { body: resendSchema, response: { 200: emptyResponse } }, config: { rateLimit: OTP_RESEND_LIMIT } },
    async (request) => {
      const body = request.body;
      const challenge = await findOpenChallenge(app.db, body.otpToken);
      requireResendable(challenge, app.clock.now());
      await limitSends(challenge.recipientKey);
      await resendCode(deps(request), body.otpToken);
      return { data: {}, message: 'We have sent a new code.' };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginSchema, response: { 200: userResponse } },
      bodyLimit: 16 * 1024,
      // Per address, but per account for staff (issue 26: one office address, several testers).
      config: { rateLimit: staffAwareLoginLimit(app.db, LOGIN_LIMIT) },
    },
    async (request, reply) => {
      const body = request.body;
      const key = normalizeIdentifier(body.identifier);
      const identifierKey = sendKeyFor(app.secret, 'email' in key ? key.email : key.phone);
      // Only wrong passwords count, and the right one is refused unchecked only to an address
      // past its limit while the account fails from elsewhere too (login-failures.service.ts).
      const now = app.clock.now();
      const failures = await loginFailuresOf(app.db, identifierKey, request.ip, now);
      const wait = waitBeforeCheck(failures, now);
      if (wait > 0) throw rateLimited(wait);
      let user;
      try {
        user = await logIn(deps(request), body.identifier, body.password);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          await recordLoginFailure(app.db, identifierKey, request.ip, now);
          const after = waitAfterFailure(failures, now);
          if (after > 0) throw rateLimited(after);
        }
        throw error;
      }
      await app.startSession(request, reply, user.id);
      return { data: { user } };
    },
  );

  // Login with a code by SMS to the account's mobile number: the same answer for every number,
  // the same send limits as the other codes, then a session exactly as a password login makes.
  app.post(
    '/auth/login-code',
    {
      schema: { body: loginCodeRequestSchema, response: { 200: challengeResponse } },
      config: { rateLimit: LOGIN_CODE_LIMIT },
    },
    async (request, reply) => {
      const body = request.body;
      await limitSends(sendKeyFor(app.secret, toIndianE164(body.phone)));
      const { otpToken } = await requestLoginCode(
        deps(request),
        body.phone,
        request.cookies[LOGIN_CODE_COOKIE] ?? null,
      );
      reply.setCookie(LOGIN_CODE_COOKIE, otpToken, {
        path: LOGIN_CODE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        maxAge: Math.floor(OTP_TTL_MS / 1000),
      });
      return {
        data: { otpToken },
        message: 'If this number belongs to an account, we have sent a 6-digit code to it.',
      };
    },
  );

  app.post(
    '/auth/login-code/verify',
    {
      schema: { body: loginCodeVerifySchema, response: { 200: userResponse } },
      config: { rateLimit: LOGIN_CODE_VERIFY_LIMIT },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await logInWithCode(
        deps(request),
        body.phone,
        body.code,
        request.cookies[LOGIN_CODE_COOKIE] ?? null,
      );
      reply.clearCookie(LOGIN_CODE_COOKIE, {
        path: LOGIN_CODE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
      });
      await app.startSession(request, reply, user.id);
      request.log.info({ userId: user.id, method: 'sms-code' }, 'logged in with a code by SMS');
      return { data: { user } };
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: emptyResponse } } }, async (request, reply) => {
    await app.endSession(request, reply);
    return { data: {}, message: 'You have been logged out.' };
  });

  app.post(
    '/auth/forgot',
    { schema: { body: forgotSchema, response: { 200: challengeResponse } }, config: { rateLimit: FORGOT_LIMIT } },
    async (request) => {
      const body = request.body;
      const key = normalizeIdentifier(body.identifier);
      await limitSends(sendKeyFor(app.secret, 'email' in key ? key.email : key.phone));
      const { otpToken } = await forgotPassword(deps(request), body.identifier);
      return { data: { otpToken }, message: 'If an account matches, we have sent a 6-digit code to its phone.' };
    },
  );

  app.post(
    '/auth/reset/check',
    { schema: { body: verifySchema, response: { 200: emptyResponse } }, config: { rateLimit: RESET_LIMIT } },
    async (request) => {
      const body = request.body;
      await checkResetCode(deps(request), body.otpToken, body.otp);
      return { data: {} };
    },
  );

  app.post(
    '/auth/reset',
    {
      schema: { body: resetSchema, response: { 200: emptyResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: RESET_LIMIT },
    },
    async (request) => {
      const body = request.body;
      await resetPassword(deps(request), body.otpToken, body.otp, body.password);
      return { data: {}, message: 'Your password has been changed. Please log in with your new password.' };
    },
  );

  const outboxSchema = z.object({
    messages: z.array(
      z.object({
        id: z.string(),
        channel: z.enum(['sms', 'email']),
        recipient: z.string(),
        subject: z.string().nullable(),
        body: z.string(),
        createdAt: z.number(),
      }),
    ),
  });
  // The embedded sender's outbox, so a sign-up can be finished locally and by the browser tests:
  // every code in it logs someone in, so only a client on this machine gets it.
  if (!app.config.isProduction) {
    app.get(
      '/dev/outbox',
      { onRequest: loopbackOnly, schema: { response: { 200: envelope(outboxSchema) } } },
      async () => {
        const messages = await app.db
          .selectFrom('outbox_messages')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(50)
          .execute();
        return {
          data: {
            messages: messages.map((m) => ({
              id: m.id,
              channel: m.channel,
              recipient: m.recipient,
              subject: m.subject,
              body: m.body,
              createdAt: m.created_at,
            })),
          },
        };
      },
    );
  }
}
