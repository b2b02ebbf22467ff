import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** A shutdown has begun: /readyz answers 503 (server/routes/health.routes.ts). */
    draining: boolean;
  }
}

export interface ShutdownTimes {
  /** How long /readyz answers 503 while requests are still taken (SHUTDOWN_UNREADY_SECONDS). */
  unreadyMs: number;
  /** How long in-flight requests get to finish before their connections are cut (SHUTDOWN_DRAIN_SECONDS). */
  drainMs: number;
}

/**
 * SIGTERM, in this order: /readyz turns unready (a balancer polling it stops sending here), and
 * after `unreadyMs` the server stops taking connections and lets the requests in flight finish
 * (their answers say Connection: close), cutting whatever still runs after `drainMs`; then the
 * app's onClose hooks stop the scheduled jobs (plugins/jobs.ts, each waiting for a run in
 * progress) and, last, close the database (server/app.ts). Each step is logged.
 */
export async function shutDownGracefully(app: FastifyInstance, times: ShutdownTimes): Promise<void> {
  app.draining = true;
  app.log.info({ unreadyMs: times.unreadyMs }, 'shutdown: /readyz answers 503 from now on');
  if (times.unreadyMs > 0) await new Promise((resolve) => setTimeout(resolve, times.unreadyMs));
  app.server.once('close', () => app.log.info('shutdown: no request in flight, every connection closed'));
  const cut = setTimeout(() => {
    app.log.warn(
      { drainMs: times.drainMs },
      'shutdown: requests still running after the drain time; their connections are cut',
    );
    app.server.closeAllConnections();
  }, times.drainMs);
  try {
    app.log.info({ drainMs: times.drainMs }, 'shutdown: no new connections; requests in flight may finish');
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
