import pretty from 'pino-pretty';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Where log lines go (pino's destination): stdout, pino-pretty, or a test's reader. */
export interface LogStream {
  write(line: string): void;
}

/** Answers that are not about the site's traffic: no request log line for them. */
export const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The logger: JSON lines (production, tests, LOG_FORMAT=json), or in development one readable
 * line per event through pino-pretty (LOG_FORMAT=pretty; colours when the output is a terminal).
 * `stream` sends the lines elsewhere (a test reads them).
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] };
  if (stream) return { ...base, stream };
  if (config.logFormat === 'json') return base;
  return {
    ...base,
    stream: pretty({
      sync: true,
      colorize: Boolean(process.stdout.isTTY) || Boolean(process.env.FORCE_COLOR),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,req,res,responseTime',
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
        {
          req: { method: request.method, url: request.url, route: request.routeOptions.url, remoteAddress: request.ip },
          res: { statusCode: reply.statusCode },
          responseTime: ms,
        },
        `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
      );
    }
    done();
  });
}
