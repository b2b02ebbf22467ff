/**
 * Google sign-in (OpenID Connect, implicit flow with an ID token), under /api/v1.
 *
 * The web flow, step by step:
 * 1. 'Continue with Google' navigates (a full page load, not XHR) to
 *      GET /api/v1/auth/google/start?returnTo=/somewhere        (returnTo: a site path, default '/')
 *    We make a random state and nonce, keep them with returnTo in the signed, HttpOnly cookie
 *    'cs_oidc' (10 minutes, SameSite=Lax, Path=/api/v1/auth/google) and answer 302 to the
 *    identity provider: Google's https://accounts.google.com/o/oauth2/v2/auth in production, the
 *    development one at /dev-idp/authorize otherwise; response_type=id_token,
 *    scope='openid email profile', redirect_uri=${PUBLIC_URL}/api/v1/auth/google/callback.
 * 2. The provider sends the browser back to GET /api/v1/auth/google/callback#id_token=...&state=...
 *    The token is in the fragment, which never reaches a server, so that page is a tiny HTML page
 *    whose script (/api/v1/auth/google/callback.js; no inline script under our CSP) posts it:
 * 3. POST /api/v1/auth/google/complete   { idToken, state }   (X-Requested-With: XMLHttpRequest)
 *    - state must match cs_oidc (which is cleared, used or not), the token must verify (signature
 *      against the provider's JWKS, issuer, audience = our client id, expiry, email_verified) and
 *      carry cs_oidc's nonce; otherwise 400 OIDC_STATE or GOOGLE_TOKEN_INVALID.
 *    - a known user (by Google subject, else by the verified e-mail, which links the account):
 *      a session starts (cookie cs_session) and the answer is
 *        200 { data: { next: returnTo, status: 'logged_in' } }
 *      suspended or deleted: 403 ACCOUNT_SUSPENDED / ACCOUNT_DELETED, as the password login.
 *    - anyone else: a pending social sign-in (30 minutes) whose random id is the HttpOnly cookie
 *      'cs_social' (Path=/api/v1/app/auth, SameSite=Lax), and
 *        200 { data: { next: '/socialsignup', status: 'needs_signup', prefill: { first_name, last_name, email } } }
 *    The page then does location.replace(next); on 'logged_in' it first sets the web's login
 *    marker (localStorage 'loginToken'). On an error it shows the answer's message and a link to /login.
 * 4. /socialsignup reads  GET /api/v1/app/auth/social-pending
 *        200 { data: { first_name, last_name, email } }
 *        404 { code: 'NO_PENDING_SOCIAL', message: 'Please sign in with Google again.' }
 * 5. and submits  POST /api/v1/app/auth/social-login   (X-Requested-With: XMLHttpRequest)
 *        { first_name, last_name, email, phone ('+91' and 10 digits, or the 10 digits),
 *          signup_method: 'google', device_type: 'website', device_token (string, may be empty;
 *          optional), agreeLegal, agreeRules, agreeAge }
 *        200 { message: 'We have sent a 6-digit code to your phone. Enter it to finish signing up.',
 *              data: { otpToken } }
 *            A pending account and a sign-up code by SMS to the number: Google proves the e-mail,
 *            not the phone. The web shows the message for a second and opens /otp, whose
 *            POST /auth/otp/verify { otpToken, otp } activates the account and starts the session,
 *            as for a password sign-up (the spec's data.token, the login marker, is set then).
 *            cs_social stays until then, so the form can be sent again with another number.
 *            The sends to one number are limited as every code's (429 with the wait).
 *        400 NO_PENDING_SOCIAL 'Your Google sign-in has expired. Please sign in with Google again.'
 *        400 VALIDATION_FAILED with fields: socialSignupSchema's messages, or
 *            { email: 'Use the e-mail of your Google account' } when the form's e-mail is not the verified one
 *        409 PHONE_TAKEN with fields { phone: 'This mobile number is already registered' }
 *        409 SOCIAL_ACCOUNT_EXISTS when the account appeared meanwhile (sign in with Google again)
 *    (complete answers 503 GOOGLE_UNAVAILABLE when the provider's keys cannot be fetched.)
 * Every route answers 404 GOOGLE_NOT_CONFIGURED 'Google sign-in is not configured' when no client id is set
 * (production without GOOGLE_CLIENT_ID), and logs nothing: a feature that is off is not an error
 * (issue 27 finding 6), and the web hides the button then (GET /site googleSignIn, issue 26).
 * All are rate-limited per client address.
 */
import { indiaOnly } from '../plugins/location-gate.ts';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { BRAND } from '../../domain/brand.ts';
import { stripPhonePrefix, toIndianE164 } from '../../domain/phone.ts';
import type { MessageSender } from '../integrations/messages.ts';
import { claimCodeSend } from '../services/accounts/code-sends.service.ts';
import { recipientKey } from '../services/accounts/otp.service.ts';
import { inLanguage, rememberLanguage, requestLanguage } from '../integrations/message-language.ts';
import { socialSignupSchema } from '../../domain/validation.ts';
import { socialLoginAnswerSchema, socialPrefillSchema } from '../../domain/users.ts';
import { AppError } from '../errors.ts';
import { emptyAnswer, envelope, fileAnswer } from '../plugins/zod-schemas.ts';
import { isSecureCookieSite } from '../plugins/session.ts';
import { sameText } from '../constant-time.ts';
import { encodeState, type OidcState, openState, safeReturnTo } from './social/oidc-state.ts';
import { createDevIdp } from '../services/accounts/dev-idp.service.ts';
import {
  acceptedIssuers,
  createIdTokenVerifier,
  IdTokenError,
  KeysUnavailableError,
  localKeys,
  remoteKeys,
} from '../services/accounts/id-token.ts';
import {
  completeSocialSignup,
  findPendingSocial,
  noPendingToRead,
  SOCIAL_PENDING_MS,
  signInWithGoogle,
} from '../services/accounts/social.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

export const OIDC_COOKIE = 'cs_oidc';
export const SOCIAL_COOKIE = 'cs_social';
export const OIDC_STATE_MS = 10 * 60 * 1000;
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
/**
 * The spec shows the server's message for a second, in the page's language (issue 25); then the
 * code's screen (/otp) opens.
 */
export const SOCIAL_CODE_SENT = {
  en: 'We have sent a 6-digit code to your phone. Enter it to finish signing up.',
  hi: 'हमने आपके फ़ोन पर 6 अंकों का कोड भेजा है। साइन-अप पूरा करने के लिए उसे दर्ज करें।',
} as const;

/** Per client address, generous for carrier NAT; every step also needs a Google identity or a state only this browser has. */
export const GOOGLE_START_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
export const GOOGLE_COMPLETE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;
export const SOCIAL_PENDING_LIMIT = { max: 120, timeWindow: '10 minutes' } as const;
export const SOCIAL_LOGIN_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

const notConfigured = () => new AppError(404, 'GOOGLE_NOT_CONFIGURED', SERVER_ERROR_MESSAGES.googleNotConfigured);
const stateRefused = () => new AppError(400, 'OIDC_STATE', SERVER_ERROR_MESSAGES.oidcState);
const keysUnavailable = () => new AppError(503, 'GOOGLE_UNAVAILABLE', SERVER_ERROR_MESSAGES.googleUnavailable);
const tokenRefused = () => new AppError(400, 'GOOGLE_TOKEN_INVALID', SERVER_ERROR_MESSAGES.googleTokenInvalid);

const startQuery = z.object({ returnTo: z.string().max(2048).optional() });
const completeBody = z.object({
  idToken: z
    .string({ error: 'The Google sign-in is missing. Please try again.' })
    .min(1, { error: 'The Google sign-in is missing. Please try again.' })
    .max(16_384),
  state: z
    .string({ error: 'The Google sign-in is missing. Please try again.' })
    .min(1, { error: 'The Google sign-in is missing. Please try again.' })
    .max(512),
});
const completeResponse = envelope(
  z.object({
    next: z.string(),
    status: z.enum(['logged_in', 'needs_signup']),
    prefill: socialPrefillSchema.optional(),
  }),
);

const NAME_STORE_MAX = 100;
/** The spec's payload. The names get the column's bound (the social form has no 20-character rule). */
export const socialLoginBody = socialSignupSchema.safeExtend({
  first_name: socialSignupSchema.shape.first_name.max(NAME_STORE_MAX, {
    error: `At most ${NAME_STORE_MAX} characters`,
  }),
  last_name: socialSignupSchema.shape.last_name.max(NAME_STORE_MAX, { error: `At most ${NAME_STORE_MAX} characters` }),
  signup_method: z.literal('google', { error: "signup_method must be 'google'" }),
  device_type: z.literal('website', { error: "device_type must be 'website'" }),
  device_token: z.string({ error: 'device_token must be a string' }).max(4096).default(''),
});
const socialLoginResponse = envelope(socialLoginAnswerSchema);

function callbackPage(scriptPath: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Signing in | ${BRAND.name}</title><script src="${scriptPath}" defer></script></head>
<body><main style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem"><p id="status">Signing you in with Google...</p><p id="back" hidden><a href="/login">Back to login</a></p></main></body></html>`;
}

/** The page's script, a real file (linted, formatted); read once. */
const CALLBACK_SCRIPT = readFileSync(new URL('./social/google-callback.js', import.meta.url), 'utf8');

export async function socialRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const prefix = app.prefix;
  const oidcPath = `${prefix}/auth/google`;
  const socialPath = `${prefix}/app/auth`;
  const redirectUri = `${config.publicUrl}${oidcPath}/callback`;
  const secure = isSecureCookieSite(config.publicUrl);
  const isGoogle = acceptedIssuers(config.oidcIssuer).includes('accounts.google.com');
  const authorizeUrl = isGoogle ? GOOGLE_AUTHORIZE_URL : `${config.oidcIssuer}/authorize`;

  // Outside production the development provider runs in this very process: its keys are read
  // directly instead of over HTTP (PUBLIC_URL may not be reachable from the server itself).
  // The checks are the same jwtVerify either way.
  let keys: JWTVerifyGetKey;
  if (!config.isProduction && config.oidcJwksUrl === `${config.publicUrl}/dev-idp/jwks.json`) {
    const devIdp = createDevIdp({ dataDir: config.dataDir, issuer: config.oidcIssuer, now: () => app.clock.now() });
    let local: JWTVerifyGetKey | undefined;
    keys = async (header, token) => {
      local ??= localKeys(await devIdp.jwks());
      return local(header, token);
    };
  } else {
    keys = remoteKeys(config.oidcJwksUrl);
  }
  const verify = config.googleClientId
    ? createIdTokenVerifier({
        issuer: config.oidcIssuer,
        audience: config.googleClientId,
        keys,
        now: () => app.clock.now(),
      })
    : undefined;

  app.addHook('onRequest', async () => {
    if (!verify) throw notConfigured();
  });

  const oidcCookie = { path: oidcPath, httpOnly: true, sameSite: 'lax' as const, secure };
  const socialCookie = { path: socialPath, httpOnly: true, sameSite: 'lax' as const, secure };
  const clearSocial = (reply: FastifyReply) => reply.clearCookie(SOCIAL_COOKIE, socialCookie);
  // The sign-up code goes out after the answer, as the password sign-up's (auth.routes.ts).
  const sendAfterAnswer: MessageSender = {
    send: async (message) => {
      app.afterAnswer(() => app.messages.send(message), 'a sign-up code could not be sent');
    },
  };

  app.get(
    '/auth/google/start',
    {
      schema: {
        querystring: startQuery,
        response: { 302: emptyAnswer("Found: to the identity provider's sign-in page") },
      },
      config: { rateLimit: GOOGLE_START_LIMIT },
    },
    async (request, reply) => {
      const query = request.query;
      const value: OidcState = {
        state: randomBytes(24).toString('base64url'),
        nonce: randomBytes(24).toString('base64url'),
        returnTo: safeReturnTo(query.returnTo),
        expiresAt: app.clock.now() + OIDC_STATE_MS,
      };
      reply.setCookie(OIDC_COOKIE, encodeState(value), { ...oidcCookie, signed: true, maxAge: OIDC_STATE_MS / 1000 });
      const target = new URL(authorizeUrl);
      target.search = new URLSearchParams({
        client_id: config.googleClientId!,
        redirect_uri: redirectUri,
        response_type: 'id_token',
        scope: 'openid email profile',
        state: value.state,
        nonce: value.nonce,
        prompt: 'select_account',
      }).toString();
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        response: { 200: fileAnswer('The page that reads the ID token from the address fragment', 'text/html') },
      },
    },
    async (_request, reply) => {
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(callbackPage(`${oidcPath}/callback.js`));
    },
  );

  app.get(
    '/auth/google/callback.js',
    { schema: { response: { 200: fileAnswer("The callback page's script", 'text/javascript') } } },
    async (_request, reply) => {
      return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CALLBACK_SCRIPT);
    },
  );

  app.post(
    '/auth/google/complete',
    {
      schema: { body: completeBody, response: { 200: completeResponse } },
      bodyLimit: 32 * 1024,
      config: { rateLimit: GOOGLE_COMPLETE_LIMIT },
    },
    async (request, reply) => {
      const body = request.body;
      const now = app.clock.now();
      const saved = openState(request, request.cookies[OIDC_COOKIE], now);
      // One use: whatever happens next, this state is spent.
      reply.clearCookie(OIDC_COOKIE, oidcCookie);
      if (!saved || !sameText(saved.state, body.state)) throw stateRefused();

      let identity;
      try {
        identity = await verify!(body.idToken);
      } catch (error) {
        if (error instanceof KeysUnavailableError) {
          request.log.error({ err: error }, 'Google signing keys unavailable');
          throw keysUnavailable();
        }
        if (!(error instanceof IdTokenError)) throw error;
        request.log.warn({ reason: error.reason }, 'Google ID token refused');
        throw tokenRefused();
      }
      if (identity.nonce === undefined || !sameText(identity.nonce, saved.nonce)) {
        request.log.warn({ reason: 'nonce' }, 'Google ID token refused');
        throw tokenRefused();
      }

      const result = await signInWithGoogle(app.db, identity, now);
      if (result.kind === 'logged_in') {
        await app.startSession(request, reply, result.user.id);
        await rememberLanguage(app.db, result.user.id, requestLanguage(request));
        clearSocial(reply);
        return { data: { next: saved.returnTo, status: 'logged_in' as const } };
      }
      reply.setCookie(SOCIAL_COOKIE, result.pendingToken, { ...socialCookie, maxAge: SOCIAL_PENDING_MS / 1000 });
      return { data: { next: '/socialsignup', status: 'needs_signup' as const, prefill: result.prefill } };
    },
  );

  app.get(
    '/app/auth/social-pending',
    { schema: { response: { 200: envelope(socialPrefillSchema) } }, config: { rateLimit: SOCIAL_PENDING_LIMIT } },
    async (request, reply) => {
      const token = request.cookies[SOCIAL_COOKIE];
      const pending = await findPendingSocial(app.db, token, app.clock.now());
      if (!pending) {
        if (token !== undefined) clearSocial(reply);
        throw noPendingToRead();
      }
      return { data: { first_name: pending.givenName, last_name: pending.familyName, email: pending.email } };
    },
  );

  app.post(
    '/app/auth/social-login',
    {
      schema: { body: socialLoginBody, response: { 200: socialLoginResponse } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: SOCIAL_LOGIN_LIMIT },
      preHandler: indiaOnly(app),
      // The spec's form sends '+91' and the 10 digits; the schema checks the 10 digits.
      preValidation: async (request: FastifyRequest) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        if (body && typeof body === 'object' && typeof body.phone === 'string')
          body.phone = stripPhonePrefix(body.phone);
      },
    },
    async (request) => {
      const body = request.body;
      const phone = toIndianE164(body.phone);
      await claimCodeSend(app.db, recipientKey(app.secret, phone), app.clock.now());
      const language = requestLanguage(request);
      const { otpToken } = await completeSocialSignup(
        { db: app.db, secret: app.secret, messages: sendAfterAnswer, now: app.clock.now(), lang: language },
        request.cookies[SOCIAL_COOKIE],
        body,
      );
      return { message: inLanguage(language, SOCIAL_CODE_SENT), data: { otpToken } };
    },
  );
}
