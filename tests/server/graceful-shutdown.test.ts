import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { shutDownGracefully } from '../../server/plugins/graceful-shutdown.ts';
import { startJobs } from '../../server/plugins/jobs.ts';
import { createPostgresDatabase, testDialects } from '../support/server-harness.ts';

interface Started {
  app: FastifyInstance;
  base: string;
  /** Every log line's message, in order, as the operator reads them. */
  events: string[];
  /** A request that takes `ms` to answer, started now. */
  slow(ms: number): Promise<{ status: number; body: string } | { error: string }>;
  /** Resolves once a slow request's handler runs (it is in flight). */
  entered(): Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A real server as main.ts runs it (jobs started, listening on 127.0.0.1), logging into `events`. */
async function startServing(dialect: 'sqlite' | 'postgres'): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    cleanups.push(created.drop);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    LOCATION_CHECK: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const events: string[] = [];
  const app = await buildApp(config, {
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          events.push((JSON.parse(line) as { msg: string }).msg);
        done();
      },
    }),
  });
  let signalEntered: () => void = () => {};
  const entered = () => new Promise<void>((resolve) => (signalEntered = resolve));
  app.get('/slow', async (request) => {
    const { ms } = request.query as { ms: string };
    signalEntered();
    await new Promise((resolve) => setTimeout(resolve, Number(ms)));
    return { data: { waited: Number(ms) } };
  });
  await startJobs(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => (app.server.listening ? app.close() : undefined));
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Its own connection each, as separate browsers (fetch would share one keep-alive socket).
  const slow = (ms: number) =>
    new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      const req = http.get(`${base}/slow?ms=${ms}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (error) => resolve({ error: error.message }));
      });
      req.on('error', (error) => resolve({ error: error.message }));
    });
  return { app, base, events, slow, entered };
}

for (const dialect of testDialects) {
  describe(`SIGTERM's graceful shutdown [${dialect}]`, () => {
    it('turns /readyz unready first, lets the request in flight finish, stops the jobs, then closes the database', async () => {
      const { app, base, events, slow, entered } = await startServing(dialect);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const running = entered();
      const inFlight = slow(1_500);
      await running;
      events.length = 0;
      const done = shutDownGracefully(app, { unreadyMs: 1_000, drainMs: 10_000 });

      // While unready, the instance still answers (a balancer polling /readyz moves away meanwhile).
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: 'NOT_READY' });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      await done;
      expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ data: { waited: 1_500 } }) });
      expect(events).toEqual(
        [
          'shutdown: /readyz answers 503 from now on',
          'shutdown: no new connections; requests in flight may finish',
          'GET /slow?ms=1500 200',
          'shutdown: no request in flight, every connection closed',
          'shutdown: jobs stopped',
          'shutdown: database closed',
        ].map((message) => expect.stringContaining(message)) as unknown as string[],
      );
      // After the drain nobody is let in, and the database is closed.
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      await expect(sql`select 1`.execute(app.db)).rejects.toThrow();
    });

    it('cuts a request still running when the drain time is up, and still closes everything', async () => {
      const { app, events, slow, entered } = await startServing(dialect);
      const running = entered();
      const stuck = slow(10_000);
      await running;
      const started = Date.now();
      await shutDownGracefully(app, { unreadyMs: 0, drainMs: 400 });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await stuck).toMatchObject({ error: expect.stringMatching(/socket hang up|ECONNRESET/) });
      const cut = events.findIndex((message) => message.includes('their connections are cut'));
      expect(cut).toBeGreaterThan(-1);
      expect(events.indexOf('shutdown: jobs stopped')).toBeGreaterThan(cut);
      expect(events.indexOf('shutdown: database closed')).toBeGreaterThan(events.indexOf('shutdown: jobs stopped'));
    });
  });
}
