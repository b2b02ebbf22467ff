import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { rateLimited } from '../errors.ts';
import { breakerStore, RedisBreaker } from './rate-limit-store.ts';

/** A Redis command slower than this counts as an error (the breaker opens; issue 27, finding 3). */
export const REDIS_COMMAND_TIMEOUT_MS = 150;

/**
 * Rate limits are opt-in per route (`config.rateLimit`), keyed by client address. The counters
 * are in memory, or in Redis when REDIS_URL is set, so that several instances behind a load
 * balancer count together. Redis fails fast: no offline queue (a command while it is away errors
 * at once instead of waiting for a reconnect), a short command timeout, and a breaker
 * (rate-limit-store.ts) that counts in this instance's memory for a while after an error, logged
 * once per outage, and shares the counters again when Redis answers.
 */
export async function rateLimits(app: FastifyInstance): Promise<void> {
  let store: ReturnType<typeof breakerStore> | undefined;
  if (app.config.redisUrl) {
    const redis = new Redis(app.config.redisUrl, {
      connectTimeout: 1000,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnects in the background, at most every 2 s; requests meanwhile go through the breaker.
      retryStrategy: (times: number) => Math.min(200 * times, 2000),
      enableAutoPipelining: true,
      lazyConnect: false,
    });
    // The app's clock (decorated by the sessions plugin, read at request time), as every timed rule.
    const breaker = new RedisBreaker(app.log, () => app.clock.now());
    // Connection errors repeat on every reconnect attempt: the breaker logs the outage once.
    redis.on('error', () => undefined);
    // Without an offline queue a command sent before the connection is up fails: wait for it
    // briefly at start-up (a Redis that is down then is an outage like any other).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.decorate('rateLimitBreaker', breaker);
    store = breakerStore(redis, 'cricspot-rl:', breaker);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  const factor = app.config.rateLimitFactor;
  if (factor !== 1) {
    // Runs before the plugin's own onRoute hook (added when it registers below): every route's
    // allowance grows by RATE_LIMIT_FACTOR, on a copy (the limits are constants shared by routes).
    app.addHook('onRoute', (route) => {
      const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (!limit || typeof limit.max !== 'number') return;
      route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * factor } };
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    // Thrown by the plugin, answered by the error handler like any AppError (seconds in `details`).
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set with REDIS_URL: the shared counters' breaker (its outages and local counts). */
    rateLimitBreaker?: RedisBreaker;
  }
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
