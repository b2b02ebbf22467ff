import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Rate limits are opt-in per route (`config.rateLimit`), keyed by client address. The store is
 * in memory: with several instances behind a load balancer, give it a shared store.
 */
export async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

/** Public forms that write: enough for a person, too few for a spammer. */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/**
 * A limit per signed-in user (by address when there is none), counted after the session is
 * known (the preHandler hook): for calls that cost us something per try whoever sends them.
 */
export function perUserLimit(prefix: string, limit: { max: number; timeWindow: string }) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: { user: { id: string } | null; ip: string }) => `${prefix}:${request.user?.id ?? request.ip}`,
  };
}

/** Promo codes: enough to fix a typo a few times, far too few to guess codes. */
export const PROMO_APPLY_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
/** Payment orders (each one a gateway order in production): generous for retries, not for floods. */
export const PAYMENT_ORDER_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
