// Issue 27, finding 9: 22,000 slow connections from one host exhausted file descriptors and
// /healthz failed. A real server on 127.0.0.1 with small caps: one address's slow connections
// past its cap are refused, /healthz keeps answering to everyone else, the total cap holds, and a
// trusted proxy is not capped. bench/slow-connections.ts runs the same at a larger scale.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { openFileLimit } from '../../server/plugins/connection-caps.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

async function listening(env: Record<string, string>): Promise<{ app: App; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-caps-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), {
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as net.AddressInfo).port, dataDir };
}

/** A slow client: connects from `from`, sends half a request and waits. Resolves with what happened first. */
function slowClient(port: number, from: string, opened: net.Socket[]): Promise<'held' | 'refused' | 'dropped'> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    opened.push(socket);
    let answer = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n'));
    socket.on('close', () => resolve(answer.startsWith('HTTP/1.1 503') ? 'refused' : 'dropped'));
    // Still open after a while: the server holds it (until its header timeout, 10 s).
    setTimeout(() => resolve('held'), 700).unref();
  });
}

/** GET /healthz from `from`: the status, or 0 when the connection was closed without one. */
function healthz(port: number, from: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let answer = '';
    socket.on('error', () => resolve(0));
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

const closeAll = async (sockets: net.Socket[]) => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
};

describe('connection caps (issue 27, finding 9)', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    server = await listening({ MAX_CONNECTIONS: '60', MAX_CONNECTIONS_PER_ADDRESS: '20' });
  });
  afterAll(async () => {
    await closeAll(sockets);
    await server.app.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("refuses one address's connections past its cap while /healthz answers everyone else", async () => {
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => slowClient(server.port, '127.0.0.2', sockets)));
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(20);
    const checks = [];
    for (let i = 0; i < 10; i++) checks.push(await healthz(server.port, '127.0.0.3'));
    expect(checks).toEqual(Array(10).fill(200));
    // The address's connections are counted down as they close: it may connect again.
    await closeAll(sockets);
    expect(await healthz(server.port, '127.0.0.2')).toBe(200);
  });

  it('holds the total cap over all addresses, and recovers when they leave', async () => {
    const from = ['127.0.0.4', '127.0.0.5', '127.0.0.6'];
    const outcomes = await Promise.all(
      from.flatMap((a) => Array.from({ length: 20 }, () => slowClient(server.port, a, sockets))),
    );
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(60);
    expect(await healthz(server.port, '127.0.0.7')).toBe(0);
    await closeAll(sockets);
    expect(await healthz(server.port, '127.0.0.7')).toBe(200);
  });
});

describe('a trusted proxy is not capped', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    server = await listening({ MAX_CONNECTIONS_PER_ADDRESS: '5', TRUSTED_PROXIES: '127.0.0.8' });
  });
  afterAll(async () => {
    await closeAll(sockets);
    await server.app.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('holds every connection of the proxy, and caps anyone else', async () => {
    const proxied = await Promise.all(Array.from({ length: 12 }, () => slowClient(server.port, '127.0.0.8', sockets)));
    expect(proxied).toEqual(Array(12).fill('held'));
    const direct = await Promise.all(Array.from({ length: 8 }, () => slowClient(server.port, '127.0.0.9', sockets)));
    expect(direct.filter((o) => o === 'refused')).toHaveLength(3);
  });
});

describe('the caps in the configuration', () => {
  it('has defaults, reads the environment and refuses nonsense', () => {
    expect(loadConfig({}).http).toMatchObject({ maxConnections: 4096, maxConnectionsPerAddress: 256 });
    expect(loadConfig({ MAX_CONNECTIONS: '500', MAX_CONNECTIONS_PER_ADDRESS: '900' }).http).toMatchObject({
      maxConnections: 500,
      maxConnectionsPerAddress: 500,
    });
    expect(() => loadConfig({ MAX_CONNECTIONS: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '1' })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS must be a whole number/,
    );
  });

  it('reads the open-file limit from /proc', () => {
    const limits = `Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n`;
    expect(openFileLimit(() => limits)).toBe(1024);
    expect(
      openFileLimit(() => {
        throw new Error('no /proc here');
      }),
    ).toBeNull();
  });
});
