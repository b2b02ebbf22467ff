import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORBIDDEN_MESSAGE, ROLE_ERROR_CODES, type StaffRole } from '../../domain/roles.ts';
import { SESSION_MAX_AGE_MS } from '../../domain/session.ts';
import { AppError } from '../errors.ts';
import {
  createSession,
  hashSessionToken,
  isWellFormedSessionToken,
  lookupSession,
  revokeSession,
  type SessionUser,
} from '../services/accounts/session.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

export interface Clock {
  now(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every instant the accounts code reads; tests replace `now` to move time. */
    clock: Clock;
  }
  interface FastifyRequest {
    /** Set when the request carries a valid session cookie. */
    user: SessionUser | null;
    sessionIdHash: string | null;
  }
  interface FastifyContextConfig {
    /**
     * false exempts a state-changing route from the CSRF check; only for calls that prove
     * themselves otherwise (a gateway webhook verified by its signature).
     */
    csrf?: boolean;
  }
}

export const SESSION_COOKIE = 'cs_session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure everywhere except a plain-http site on this machine, where a browser would drop it. */
export function isSecureCookieSite(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' || !LOCAL_HOSTS.has(url.hostname);
}

/**
 * Origins a state-changing call may come from: the site itself; outside production also any
 * http://localhost or 127.0.0.1 port (the Vite dev server proxies /api with its own origin,
 * and the browser tests use 127.0.0.1 while PUBLIC_URL says localhost).
 */
function originAllowed(origin: string, siteOrigin: string, isProduction: boolean): boolean {
  if (origin === siteOrigin) return true;
  if (isProduction) return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}

const csrfRefused = () => new AppError(403, 'CSRF', SERVER_ERROR_MESSAGES.csrf);

/**
 * A page of the site opened under another address than PUBLIC_URL (127.0.0.1 for localhost, a
 * second domain): say so, since reloading would never help.
 */
const wrongAddress = (origin: string, siteOrigin: string) =>
  new AppError(403, 'WRONG_SITE_ADDRESS', SERVER_ERROR_MESSAGES.wrongSiteAddress(origin.slice(0, 100), siteOrigin));

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', SERVER_ERROR_MESSAGES.unauthenticated);

/** preHandler for routes that need a logged-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export const forbidden = () => new AppError(403, ROLE_ERROR_CODES.forbidden, FORBIDDEN_MESSAGE);

/** A hook for routes of one staff role: 401 without a session, 403 without the role. */
export function requireRole(role: StaffRole) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthenticated();
    if (!request.user.roles.includes(role)) throw forbidden();
  };
}

/** The logged-in user of a route behind requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/**
 * Sessions and CSRF for the whole app (called on the root instance, like securityHeaders).
 * The cookie holds a random 32-byte id; the database keeps only its sha256. Every /api request
 * with the cookie loads request.user, or clears the cookie if the session has ended.
 * Every state-changing /api request must carry X-Requested-With: XMLHttpRequest (which a
 * cross-site page cannot send without a CORS preflight, and we answer none) and, if the browser
 * sent an Origin, come from the site's own origin.
 */
export async function sessions(app: FastifyInstance): Promise<void> {
  // Signed cookies (the Google sign-in state) use a key of their own, derived from the server's secret.
  await app.register(cookie, { secret: createHmac('sha256', app.secret).update('cookie-signing').digest('base64url') });
  app.decorate('clock', { now: () => Date.now() });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);

  const siteOrigin = new URL(app.config.publicUrl).origin;
  const secure = isSecureCookieSite(app.config.publicUrl);
  if (!secure)
    app.log.warn(
      { publicUrl: app.config.publicUrl },
      'session cookie without Secure: PUBLIC_URL is plain http on this machine',
    );

  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL: '/%61pi/v1/...' reaches an /api route too. An unmatched
    // request is checked anyway (it ends in a 404 either way).
    const route = request.routeOptions.url;
    if (route !== undefined && !route.startsWith('/api/')) return;

    if (STATE_CHANGING.has(request.method) && request.routeOptions.config?.csrf !== false) {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw csrfRefused();
      const origin = request.headers.origin;
      if (origin !== undefined && !originAllowed(origin, siteOrigin, app.config.isProduction)) {
        // The same host as the request's own Host header: our own page under another address.
        const ownPage = (() => {
          try {
            return new URL(origin).host === request.headers.host;
          } catch {
            return false;
          }
        })();
        if (ownPage) {
          request.log.warn(
            { origin, publicUrl: app.config.publicUrl },
            'a page of this site opened under another address than PUBLIC_URL was refused',
          );
          throw wrongAddress(origin, siteOrigin);
        }
        throw csrfRefused();
      }
    }

    if (route !== undefined) await resolveSession(request, reply);
  });

  /** The request's session from its cookie: its user on the request, or an ended one's cookie cleared. */
  async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined) return;
    if (!isWellFormedSessionToken(token)) {
      clearSessionCookie(reply);
      return;
    }
    const idHash = hashSessionToken(token);
    const found = await lookupSession(app.db, idHash, app.clock.now());
    if (found.kind === 'valid') {
      request.user = found.user;
      request.sessionIdHash = idHash;
    } else {
      clearSessionCookie(reply);
    }
  }

  function cookieOptions() {
    return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  }

  function clearSessionCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, cookieOptions());
  }

  // Opening a page is activity, as for the page itself (src/shared/activity.ts): the look-up moves
  // the session's last activity as an API request does.
  app.decorate('pageSession', async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    await resolveSession(request, reply);
    return request.user !== null;
  });

  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    // A new id on every login: a session id planted before login is worth nothing after it.
    if (request.sessionIdHash) await revokeSession(app.db, request.sessionIdHash);
    const { token, idHash } = await createSession(app.db, userId, app.clock.now(), {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    request.sessionIdHash = idHash;
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(), maxAge: Math.floor(SESSION_MAX_AGE_MS / 1000) });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionIdHash) await revokeSession(app.db, request.sessionIdHash);
    request.sessionIdHash = null;
    request.user = null;
    clearSessionCookie(reply);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether a page's request comes with a live session (the API's requests are looked up by the
     * hook above); an ended one's cookie is cleared, as the API does.
     */
    pageSession(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
    /** Starts a new session for `userId` (ending the request's current one) and sets the cookie. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    /** Ends the request's session, if any, and clears the cookie. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
