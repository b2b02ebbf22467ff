import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import { databaseState } from '../metrics/database-state.ts';
import { createMetricFamilies, type MetricFamilies } from '../metrics/families.ts';
import { countingInto } from '../metrics/scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics, in a registry of its own (server/metrics/families.ts). */
    metrics: MetricFamilies;
  }
}

/**
 * The app's metrics (issue 28): the registry, the request duration histogram by route pattern and
 * status, and the counting context that lets services count with one line (server/metrics/scope.ts).
 * The context is entered when a request arrives and again before its handler (a parsed body
 * arrives from the socket's own events). They are served by listenForMetrics, never on the site's port.
 */
export function metricsPlugin(app: FastifyInstance): void {
  const families = createMetricFamilies(
    databaseState(app.db, () => app.clock.now()),
    (error) => app.log.warn({ err: error }, 'metrics: a gauge could not read the database'),
  );
  app.decorate('metrics', families);
  app.addHook('onRequest', (_request, _reply, done) => countingInto(families, done));
  app.addHook('preHandler', (_request, _reply, done) => countingInto(families, done));
  app.addHook('onResponse', (request, reply, done) => {
    families.httpDuration.observe(
      // The route's pattern, never the raw URL: an unknown path is one series, not one per path.
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * The metrics listener on its own address (METRICS_HOST:METRICS_PORT): GET /metrics in
 * Prometheus' text format, with the process and event-loop defaults; anything else 404.
 * Resolves once listening; rejects when the address cannot be had.
 */
export async function listenForMetrics(app: FastifyInstance, host: string, port: number): Promise<http.Server> {
  const { registry } = app.metrics;
  collectDefaultMetrics({ register: registry });
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: see /metrics\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: the registry could not be read');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
