// The drill's instances of the real server (scripts/drill.ts): each started with `node
// server/main.ts` on its own port and empty DATA_DIR, its log lines read for deadlocks.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const root = path.resolve(import.meta.dirname, '..', '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface Instance {
  port: number;
  /** Each instance has a disk of its own; they share only PostgreSQL, Redis and the secret. */
  dataDir: string;
  child: ChildProcess | null;
}

/** What the instances' error lines said: PostgreSQL's deadlock (40P01) and serialization (40001) failures. */
export interface LogCounts {
  deadlocks: number;
  serializationFailures: number;
  errorLines: number;
}

export function startInstance(instance: Instance, env: NodeJS.ProcessEnv, counts: LogCounts): void {
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(instance.port), DATA_DIR: instance.dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // JSON lines at LOG_LEVEL=error: every one is a failure worth counting.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    // The demo seed's progress lines are plain text; the server's are JSON.
    if (!line.startsWith('{')) return;
    counts.errorLines += 1;
    // The first few for the operator to read; the rest only counted.
    if (counts.errorLines <= 5) console.error(`  instance ${instance.port}: ${line.slice(0, 600)}`);
    if (line.includes('40P01') || line.includes('deadlock detected')) counts.deadlocks += 1;
    if (line.includes('40001')) counts.serializationFailures += 1;
  });
  instance.child = child;
}

/** Ready: /readyz answers 200. The first start seeds the demo pictures (a minute on a busy machine). */
export async function waitReady(port: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on ${port} did not become ready`);
}

/** The bytes of the current contest's small picture as one instance serves it; 0 when it cannot. */
export async function servedPictureBytes(port: number): Promise<number> {
  try {
    const answer = (await (await fetch(`http://127.0.0.1:${port}/api/v1/contests/current`)).json()) as {
      data?: { current?: { picture?: { variants?: Array<{ url: string }> } } };
    };
    const url = answer.data?.current?.picture?.variants?.[0]?.url;
    if (!url) return 0;
    const picture = await fetch(`http://127.0.0.1:${port}${url}`);
    return picture.ok ? (await picture.arrayBuffer()).byteLength : 0;
  } catch {
    return 0;
  }
}
