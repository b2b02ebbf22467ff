// Issue 27, finding 9: slow connections from one host against the real server, and /healthz from
// another address meanwhile. SLOW (5000) connections from one loopback address (127.0.0.2) each
// send half a request and then a header line every 2 s (a slowloris), for SECONDS (15); /healthz
// is asked from 127.0.0.3 every 200 ms. Prints how many slow connections the server held and
// refused, and /healthz's answers and latency. Bounded in count and time; nothing leaves 127.0.0.1.
import net from 'node:net';
import { serverPlace, spawnServer, waitForServer } from './server-load.ts';
import { percentile } from './support/logins.ts';

const SLOW = Number(process.env.SLOW ?? 5000);
const SECONDS = Number(process.env.SECONDS ?? 15);

const place = await serverPlace('slow-connections', 'test');
const server = spawnServer(place.env);
const sockets: net.Socket[] = [];
try {
  await waitForServer(place.base, server);
  // Each slow connection's last state: open, refused (a 503), closed by the server, or never connected.
  const state = new Map<net.Socket, 'connecting' | 'open' | 'refused' | 'closed' | 'failed'>();
  const deadline = Date.now() + SECONDS * 1000;
  for (let i = 0; i < SLOW; i++) {
    const socket = net.connect({ port: place.port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    sockets.push(socket);
    state.set(socket, 'connecting');
    let answer = '';
    socket.on('error', () => state.get(socket) === 'connecting' && state.set(socket, 'failed'));
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('connect', () => {
      state.set(socket, 'open');
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    });
    socket.on('close', () => {
      if (state.get(socket) === 'failed') return;
      state.set(socket, answer.startsWith('HTTP/1.1 503') ? 'refused' : 'closed');
    });
    const drip = setInterval(() => (socket.writable ? socket.write('X-Slow: 1\r\n') : clearInterval(drip)), 2000);
    socket.on('close', () => clearInterval(drip));
    if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const health: Array<{ status: number; ms: number }> = [];
  while (Date.now() < deadline) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      const socket = net.connect({ port: place.port, host: '127.0.0.1', localAddress: '127.0.0.3' });
      let answer = '';
      socket.on('error', () => resolve(0));
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
      setTimeout(() => socket.destroy(), 5000).unref();
    });
    health.push({ status, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ok = health.filter((h) => h.status === 200);
  const ms = ok.map((h) => h.ms);
  console.log(`${SLOW} slow connections from one address for ${SECONDS} s (MAX_CONNECTIONS_PER_ADDRESS default 256):`);
  const tally = new Map<string, number>();
  for (const what of state.values()) tally.set(what, (tally.get(what) ?? 0) + 1);
  console.log(
    `  slow connections at the end: ${[...tally].map(([what, n]) => `${n} ${what}`).join(', ')} (the server's header timeout closes the ones it held after 10 s)`,
  );
  console.log(
    `  /healthz from another address: ${ok.length} of ${health.length} answered 200, p50 ${percentile(ms, 0.5).toFixed(0)} ms, p99 ${percentile(ms, 0.99).toFixed(0)} ms`,
  );
} finally {
  for (const socket of sockets) socket.destroy();
  server.kill('SIGTERM');
}
