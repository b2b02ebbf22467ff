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
