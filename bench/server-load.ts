// What the benches that load the real server share: a free port on 127.0.0.1, waiting for the
// server to be ready, and a bounded autocannon run timed by its answers. Not a bench itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 3198));
    });
  });
}

export interface ServerPlace {
  port: number;
  base: string;
  dataDir: string;
  /** The server's environment (without this process's own, which spawnServer adds). */
  env: Record<string, string>;
}

/**
 * A fresh data directory and a free port on 127.0.0.1, and the environment that runs the real
 * server there, logging errors only. In production it also has the PUBLIC_URL its forms check,
 * and the bench's players, who come from 127.0.0.1, stand in India (see locateSessions).
 */
export async function serverPlace(
  name: string,
  nodeEnv: 'production' | 'test',
  extra: Record<string, string> = {},
): Promise<ServerPlace> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cricspot-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const production: Record<string, string> =
    nodeEnv === 'production' ? { PUBLIC_URL: base, GEO_LOCAL_COUNTRY: 'IN' } : {};
  const env = {
    NODE_ENV: nodeEnv,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'error',
    // Benches may run servers side by side: no metrics listener (9464) to fight over.
    METRICS_PORT: 'off',
    ...production,
    ...extra,
  };
  return { port, base, dataDir, env };
}

/** node server/main.ts with `env` over this process's environment, on SQLite unless `env` names a DATABASE_URL. */
export function spawnServer(env: Record<string, string>): ChildProcess {
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete serverEnv.DATABASE_URL;
  return spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Stops a server a bench started: SIGTERM, then its exit awaited (its graceful close), SIGKILL if
 * it has not gone within `timeoutMs`. A bench that only waited a moment could leave it running.
 */
export async function stopServer(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export async function waitForServer(base: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

export interface Fired {
  label: string;
  result: autocannon.Result;
  /** Requests asked for; more than result.requests.total when the time limit stopped the run. */
  requested: number;
  /** Wall time from the start to the last answer. */
  seconds: number;
}

export interface RequestSpec {
  method?: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Sends exactly `count` requests (request i built by `build(i)`) over `connections` connections,
 * and stops whatever is left after `maxSeconds`: bounded in number and in time.
 */
export function fire(
  label: string,
  base: string,
  count: number,
  build: (i: number) => RequestSpec,
  options: { connections: number; maxSeconds?: number },
): Promise<Fired> {
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: Math.min(options.connections, count),
        amount: count,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              // autocannon builds one request ahead per connection; the extra ones wrap around
              // and are never sent (amount bounds what goes out).
              const spec = build(next++ % count);
              return {
                ...request,
                method: spec.method ?? 'POST',
                path: spec.path,
                headers: spec.headers,
                ...(spec.body === undefined ? {} : { body: spec.body }),
              };
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(guard);
        if (error) reject(error);
        else resolve({ label, result, requested: count, seconds: (lastAnswer - started) / 1000 });
      },
    );
    const guard = setTimeout(() => instance.stop(), (options.maxSeconds ?? 120) * 1000);
    // autocannon reports completion on its one-second tick; time the answers themselves.
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
}

/** Requests per second over the wall time of the answers (autocannon's own is sampled per whole second). */
export const perSecond = ({ result, seconds }: Fired): number => (seconds > 0 ? result.requests.total / seconds : 0);

/** Where the benches' players stand: Mumbai, Maharashtra (an allowed state). */
/**
 * A payment gateway as production has one (Razorpay, with placeholder keys and an API address
 * nothing answers at: no measured page pays), so the home card and the play screen show the paid
 * contest; without one they offer a practice game instead (issue 15) and /play_screen has no stage.
 */
export const BENCH_GATEWAY = {
  PAYMENT_GATEWAY: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook',
  RAZORPAY_API_URL: 'http://127.0.0.1:9',
};

export const BENCH_POSITION = { latitude: 19.076, longitude: 72.8777, accuracy: 50 } as const;

/**
 * fetch, asked once more when the kept-alive connection it took had been closed by the server
 * (undici's 'other side closed'). A bench that prepares its data synchronously (better-sqlite3)
 * for longer than the server's keep-alive timeout (5 s) keeps the loop from hearing the close, and
 * its next request then takes the dead connection: seen with 1000 players on a slow machine.
 * Only for requests that may be sent twice.
 */
async function fetchAgainIfStale(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/**
 * Each session's location check, as the browser's play gate makes it before a player adds
 * tickets (POST /api/v1/location); not timed. The server must count 127.0.0.1 as India
 * (GEO_LOCAL_COUNTRY=IN under NODE_ENV=production).
 */
export async function locateSessions(base: string, cookies: string[], concurrency = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      const res = await fetchAgainIfStale(`${base}/api/v1/location`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
        body: JSON.stringify(BENCH_POSITION),
      });
      if (res.status !== 200)
        throw new Error(`location check answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cookies.length) }, worker));
}
