// The server's resident memory (RSS, from /proc) at the moments issue 14 names: just after a
// first start that seeds the demo data, idle after a restart on the same data, and during and
// after a burst of failed logins (each a full scrypt derivation at the production cost). A real
// server process on 127.0.0.1; the logins come from distinct addresses through a trusted proxy
// header, so the per-address limits do not stop them before the hashing. Prints figures only.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const CONCURRENCY = 16;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 3197));
    });
  });

const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
};

async function start(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      TRUSTED_PROXIES: '127.0.0.1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
  );
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function burstOfFailedLogins(
  port: number,
  pid: number,
): Promise<{ peak: number; statuses: Record<string, number> }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < LOGINS) {
      const i = next++;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          origin: `http://localhost:${port}`,
          'x-forwarded-for': `203.0.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ identifier: `nobody${i}@example.com`, password: 'Wrong-password-1' }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(sampler);
  return { peak, statuses };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-memory-'));
try {
  const port = await freePort();
  const first = await start(dataDir, port);
  await settle(2000);
  const afterSeed = rssMb(first.pid!);
  await stop(first);
  const second = await start(dataDir, port);
  await settle(3000);
  const idle = rssMb(second.pid!);
  const { peak, statuses } = await burstOfFailedLogins(port, second.pid!);
  await settle(10_000);
  const afterBurst = rssMb(second.pid!);
  await stop(second);
  console.log('Server memory (RSS, MB), development start on SQLite, production scrypt cost');
  console.log(`  first start, after seeding the demo data : ${afterSeed}`);
  console.log(`  restart, idle                            : ${idle}`);
  console.log(
    `  ${LOGINS} failed logins, ${CONCURRENCY} at once, peak   : ${peak}   (answers ${JSON.stringify(statuses)})`,
  );
  console.log(`  10 s after the burst                     : ${afterBurst}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
