import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { BlockList, isIPv6, type Socket } from 'node:net';

/**
 * Connection caps (issue 27, finding 9): 22,000 slow connections from one host exhausted the
 * file descriptors and /healthz failed. One address may hold at most `perAddress` open
 * connections (a reverse proxy in TRUSTED_PROXIES is not capped: every client comes through
 * it); past that a new connection gets a bare 503 and is closed. All together at most `total`
 * (Node's server.maxConnections drops the rest), kept under the process's open-file limit so
 * that the database and the files always have descriptors left. The header and request
 * timeouts (app.ts) cut the slow ones that do get in.
 */
export interface ConnectionCaps {
  total: number;
  perAddress: number;
  trustedProxies: readonly string[];
}

export interface CapsLog {
  warn(obj: unknown, msg: string): void;
}

const REFUSED = 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 5\r\n\r\n';
/** Descriptors kept for everything that is not a client connection (database, files, Redis, logs). */
const RESERVED_DESCRIPTORS = 256;

/** The soft open-file limit from /proc (Linux); null elsewhere. */
export function openFileLimit(read: (path: string) => string = (p) => readFileSync(p, 'utf8')): number | null {
  try {
    const line = read('/proc/self/limits')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

function trustedList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const plain = address.replace(/^::ffff:/, '');
  return isIPv6(plain) ? list.check(plain, 'ipv6') : list.check(plain, 'ipv4');
}

export function capConnections(server: Server, caps: ConnectionCaps, log: CapsLog): { total: number } {
  const fileLimit = openFileLimit();
  let total = caps.total;
  if (fileLimit !== null && total > fileLimit - RESERVED_DESCRIPTORS) {
    total = Math.max(16, fileLimit - RESERVED_DESCRIPTORS);
    log.warn(
      { maxConnections: caps.total, openFileLimit: fileLimit, using: total },
      'MAX_CONNECTIONS is above the open-file limit (ulimit -n): fewer connections are allowed',
    );
  }
  server.maxConnections = total;
  const trusted = trustedList(caps.trustedProxies);
  const open = new Map<string, number>();
  let refused = 0;
  let reported = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrusted(trusted, address)) return;
    const count = open.get(address) ?? 0;
    if (count >= caps.perAddress) {
      socket.end(REFUSED);
      socket.destroySoon();
      refused += 1;
      // One line a minute at most, however many are refused.
      if (Date.now() - reported >= 60_000) {
        reported = Date.now();
        log.warn(
          { address, perAddress: caps.perAddress, refusedSinceLastLine: refused },
          'connections: an address holds its limit of open connections; new ones are refused',
        );
        refused = 0;
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return { total };
}
