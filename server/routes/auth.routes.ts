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
  signupSchema,
} from '../../domain/validation.ts';
import { AppError, rateLimited } from '../errors.ts';
import type { MessageSender } from '../integrations/messages.ts';
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
} from '../services/auth.service.ts';
import { findOpenChallenge } from '../services/otp.service.ts';
import { staffAwareLoginLimit } from '../services/admin-login-limits.ts';

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
/** Login codes asked for from one address (the per-phone send limits come on top). */
export const LOGIN_CODE_LIMIT = { max: 30, timeWindow: '1 hour' } as const;
/** Login codes checked from one address (each code also dies after five wrong tries). */
export const LOGIN_CODE_VERIFY_LIMIT = OTP_VERIFY_LIMIT;
/** Codes sent to one phone (or asked for one identifier), whatever the address asking. */
export const SENDS_PER_RECIPIENT = { max: 20, timeWindow: '1 hour' } as const;
/** Login tries for one email or phone from one address (counted before the password is checked). */
export const LOGINS_PER_ADDRESS_AND_IDENTIFIER = { max: 10, timeWindow: '15 minutes' } as const;
/**
 * Failed logins for one email or phone from anywhere: counted only after a wrong password, and
 * past it only wrong passwords are answered 429. The owner's right password always gets in, so
 * strangers cannot lock an account; a distributed guesser is slowed to this many tries.
 */
export const FAILED_LOGINS_PER_IDENTIFIER = { max: 30, timeWindow: '15 minutes' } as const;
/** Codes sent to one phone from one address. */
export const SENDS_PER_ADDRESS_AND_RECIPIENT = { max: 5, timeWindow: '1 hour' } as const;

/**
 * A rate limit keyed by something in the body (a phone, an identifier), checked in the handler
 * once the body is valid. Uses the same store as the per-address limits.
 */
function keyedLimit(app: FastifyInstance, name: string, options: { max: number; timeWindow: string }) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({ ...options, keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}` });
  return async (request: FastifyRequest, key: string): Promise<void> => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw rateLimited(result.ttlInSeconds);
    }
  };
}

export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limitRecipient = keyedLimit(app, 'sends', SENDS_PER_RECIPIENT);
  const limitPairSends = keyedLimit(app, 'pair-sends', SENDS_PER_ADDRESS_AND_RECIPIENT);
  // Per address and recipient first (the tight one), then the recipient's overall cap (SMS cost).
  const limitSends = async (request: FastifyRequest, key: string) => {
    await limitPairSends(request, `${request.ip}|${key}`);
    await limitRecipient(request, key);
  };
  const limitLogins = keyedLimit(app, 'logins', LOGINS_PER_ADDRESS_AND_IDENTIFIER);
  const countFailedLogin = keyedLimit(app, 'failed-logins', FAILED_LOGINS_PER_IDENTIFIER);
  // Codes and notices go out after the answer: a real account and an unknown one take the same
  // time and get the same answer, even with the SMS relay slow or down (failures are logged).
  const sendAfterAnswer: MessageSender = {
    send: async (message) => {
      app.afterAnswer(() => app.messages.send(message), 'a code or notice could not be sent');
    },
  };
  const deps = (): AuthDeps => ({
    db: app.db,
    secret: app.secret,
    passwords: app.passwords,
    messages: sendAfterAnswer,
    now: app.clock.now(),
  });

  app.post(
    '/auth/signup',
    {
      preHandler: indiaOnly(app),
      schema: { body: signupSchema, response: { 200: challengeResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: SIGNUP_LIMIT },
    },
    async (request) => {
      const body = request.body;
      await limitSends(request, sendKeyFor(app.secret, toIndianE164(body.phone)));
      const { otpToken } = await signUp(deps(), body);
      return { data: { otpToken }, message: 'We have sent a 6-digit code to your phone.' };
    },
  );

  app.post(
    '/auth/otp/verify',
    { schema: { body: verifySchema, response: { 200: userResponse } }, config: { rateLimit: OTP_VERIFY_LIMIT } },
    async (request, reply) => {
      const body = request.body;
      const user = await verifySignup(deps(), body.otpToken, body.otp);
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
      await limitSends(request, challenge.recipientKey);
      await resendCode(deps(), body.otpToken);
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
      await limitLogins(request, `${request.ip}|${identifierKey}`);
      let user;
      try {
        user = await logIn(deps(), body.identifier, body.password);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) await countFailedLogin(request, identifierKey);
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
    async (request) => {
      const body = request.body;
      await limitSends(request, sendKeyFor(app.secret, toIndianE164(body.phone)));
      const { otpToken } = await requestLoginCode(deps(), body.phone);
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
      // Tries for one number from one address, counted with its password logins.
      await limitLogins(request, `${request.ip}|${sendKeyFor(app.secret, toIndianE164(body.phone))}`);
      const user = await logInWithCode(deps(), body.phone, body.code);
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
      await limitSends(request, sendKeyFor(app.secret, 'email' in key ? key.email : key.phone));
      const { otpToken } = await forgotPassword(deps(), body.identifier);
      return { data: { otpToken }, message: 'If an account matches, we have sent a 6-digit code to its phone.' };
    },
  );

  app.post(
    '/auth/reset/check',
    { schema: { body: verifySchema, response: { 200: emptyResponse } }, config: { rateLimit: RESET_LIMIT } },
    async (request) => {
      const body = request.body;
      await checkResetCode(deps(), body.otpToken, body.otp);
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
      await resetPassword(deps(), body.otpToken, body.otp, body.password);
      return { data: {}, message: 'Your password has been changed. Please log in with your new password.' };
    },
  );

  // The embedded sender's outbox, so a sign-up can be finished locally and by the browser tests:
  // every code in it logs someone in, so only a client on this machine gets it.
  if (!app.config.isProduction) {
    app.get('/dev/outbox', { onRequest: loopbackOnly }, async () => {
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
    });
  }
}
