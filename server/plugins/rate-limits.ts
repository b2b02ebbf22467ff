import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { rateLimited } from '../errors.ts';

/**
 * Rate limits are opt-in per route (`config.rateLimit`), keyed by client address. The counters
 * are in memory, or in Redis when REDIS_URL is set, so that several instances behind a load
 * balancer count together. If Redis stops answering, requests are let through (logged) rather
 * than the whole site failing with it.
 */
export async function rateLimits(app: FastifyInstance): Promise<void> {
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableAutoPipelining: true,
      lazyConnect: false,
    });
    redis.on('error', (error: Error) =>
      app.log.warn({ err: error }, 'rate limits: Redis is not answering; limits are skipped until it is back'),
    );
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'cricspot-rl:', skipOnError: true } : {}),
    // Thrown by the plugin, answered by the error handler like any AppError (seconds in `details`).
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
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
    keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
      `${prefix}:${request.user?.id ?? request.ip}`,
  };
}

/** Promo codes: enough to fix a typo a few times, far too few to guess codes. */
export const PROMO_APPLY_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
/** Payment orders (each one a gateway order in production): generous for retries, not for floods. */
export const PAYMENT_ORDER_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
