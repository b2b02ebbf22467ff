import type { Writable } from 'node:stream';
import pretty from 'pino-pretty';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Answers that are not about the site's traffic: no request log line for them. */
export const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The logger: JSON lines (production, tests, LOG_FORMAT=json), or in development one readable
 * line per event through pino-pretty (LOG_FORMAT=pretty; colours when the output is a terminal).
 * `destination` takes the lines instead of stdout (a test reads them).
 */
export function loggerOptions(config: Config, destination?: Writable): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] };
  if (config.logFormat === 'json') return destination ? { ...base, stream: destination } : base;
  return {
    ...base,
    stream: pretty({
      sync: true,
      ...(destination ? { destination } : {}),
      colorize: destination ? false : Boolean(process.stdout.isTTY) || Boolean(process.env.FORCE_COLOR),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,method,url,route,statusCode,responseTime,remoteAddress',
      singleLine: true,
    }),
  };
}

/**
 * One log line per answered request (Fastify's own two lines are off): method, URL, status and
 * time in the message, the same as fields for JSON readers, with the request id that a 5xx
 * answer names. Health checks and metrics are left out: they would drown the traffic.
 */
export function requestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const path = request.url.split('?')[0]!;
    if (!UNLOGGED_PATHS.has(path)) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      request.log.info(
        // Flat fields: pino's own `req` and `res` serializers would reshape them.
        {
          method: request.method,
          url: request.url,
          route: request.routeOptions.url,
          statusCode: reply.statusCode,
          responseTime: ms,
          remoteAddress: request.ip,
        },
        `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
      );
    }
    done();
  });
}
