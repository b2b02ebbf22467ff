import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { streamFrameOrigin } from '../../domain/results.ts';
import { nextStreamUrl } from '../services/judging/results.service.ts';

/**
 * Security headers. The content security policy allows only our own origin for scripts and
 * connections; images may also be data: and blob: URLs (the picture stage uses both).
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  // Razorpay Checkout.js (script and its iframe) and its API, only when Razorpay takes the money.
  const razorpay = app.config.payments.gateway === 'razorpay';
  const razorpayCheckout = razorpay ? ['https://checkout.razorpay.com'] : [];
  const razorpayApi = razorpay ? ['https://api.razorpay.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(razorpay
          ? {
              scriptSrc: ["'self'", ...razorpayCheckout],
              connectSrc: ["'self'", ...razorpayApi],
              frameSrc: ["'self'", ...razorpayCheckout, ...razorpayApi],
            }
          : {}),
        // Only for a site served over HTTPS: on a plain-HTTP address (a machine on a private
        // network) Chromium would move same-origin redirects to https and fail them.
        ...(app.config.isProduction && app.config.publicUrl.startsWith('https:')
          ? { upgradeInsecureRequests: [] }
          : { upgradeInsecureRequests: null }),
      },
    },
    hsts: app.config.isProduction ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The live winner show's player (/live_weekly_winner): frame-src opens for the origin of the
  // embed made from the stream URL the admin set for the next show, and only while one is set.
  // Read per HTML document (a page load, not an API call), so an admin's change applies at once
  // on every instance; an SPA navigation keeps its document's policy, so every document gets it.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (request.method !== 'GET' || typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const origin = streamFrameOrigin(await nextStreamUrl(app.db, app.clock.now()));
    const policy = reply.getHeader('content-security-policy');
    if (origin && typeof policy === 'string')
      void reply.header('content-security-policy', withFrameSource(policy, origin));
    return payload;
  });
}

/**
 * A page's policy with its inline scripts allowed by their hashes (`<script>` with no attribute:
 * the pre-rendered page's first-paint popup script, written by the build, see
 * src/app/watchers/first-paint-popup.ts, and on a game screen's page the hints' one,
 * src/ui/game-hints-first-paint.ts), for that page only: every other script stays 'self'.
 * `html` is the page as the build wrote it, before anything of the request's is filled in, so a
 * script that got into the page any other way stays refused. Set by the page's sender on its 200
 * and its 304 alike (a 304's headers update the cached ones).
 */
export function withInlineScripts(policy: string, html: string): string {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce(
    (allowed, [, code]) =>
      withSource(allowed, 'script-src', `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`),
    policy,
  );
}

/** Adds one source to frame-src (made from 'self' when the policy has none). */
export function withFrameSource(policy: string, source: string): string {
  return withSource(policy, 'frame-src', source);
}

/** Adds one source to a directive of the policy (made from 'self' when the policy has none). */
function withSource(policy: string, directive: string, source: string): string {
  const parts = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const index = parts.findIndex((part) => part.split(/\s+/)[0] === directive);
  if (index === -1) parts.push(`${directive} 'self' ${source}`);
  else if (!parts[index]!.split(/\s+/).includes(source)) parts[index] = `${parts[index]} ${source}`;
  return parts.join(';');
}
