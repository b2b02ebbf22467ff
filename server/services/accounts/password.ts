import { fairQueue, type FairQueueOptions } from './hash-queue.ts';
import { randomBytes, scrypt } from 'node:crypto';
import { sameBytes } from '../../constant-time.ts';

/**
 * Password hashing with scrypt, memory-hard, at OWASP's recommended cost (Password Storage
 * Cheat Sheet: N=2^17, r=8, p=1). Stored self-describing as 'scrypt$N$r$p$salt$hash' (salt and
 * hash in base64url), so the cost can be raised later and old hashes still verify, then get
 * rehashed at the next login (needsRehash).
 */
export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
  keyLength: number;
  saltLength: number;
}

export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1, keyLength: 64, saltLength: 16 };

/** Stored hashes with a cost above this are refused rather than computed (a corrupt row must not exhaust memory). */
const MAX_N = 2 ** 20;

/** scrypt needs 128 * N * r bytes; twice that leaves room for its other buffers. */
function maxmemFor(params: Pick<ScryptParams, 'N' | 'r' | 'p'>): number {
  return 256 * params.N * params.r * params.p + 1024 * 1024;
}

function derive(
  password: string,
  salt: Buffer,
  params: Pick<ScryptParams, 'N' | 'r' | 'p'>,
  keyLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((value) => (/^\d{1,8}$/.test(value) ? Number(value) : Number.NaN));
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p)) return undefined;
  if (N! < 2 || N! > MAX_N || (N! & (N! - 1)) !== 0 || r! < 1 || r! > 32 || p! < 1 || p! > 16) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 16 || hash.length < 32) return undefined;
  return { N: N!, r: r!, p: p!, salt, hash };
}

export interface PasswordHasher {
  /** The cost of new hashes. Production keeps OWASP_SCRYPT; tests may lower it to stay fast. */
  params: ScryptParams;
  /** `who`: the client address the hash is queued under (one at a time per address; hash-queue.ts). */
  hash(password: string, who?: string): Promise<string>;
  verify(password: string, stored: string | null | undefined, who?: string): Promise<boolean>;
  /** True when the stored hash was made with a lower cost than `params` (or cannot be read). */
  needsRehash(stored: string): boolean;
  /**
   * Spends the time a real verification would, for a user who does not exist or has no
   * password, so that a failed login takes as long either way. Always false.
   */
  verifyDummy(password: string, who?: string): Promise<false>;
}

/** A hash without an address (the admin CLI) has a line of its own. */
let anonymous = 0;

/**
 * At most two derivations at once (each takes 128 MB at the production cost, and the libuv pool
 * is shared with the database), queued fairly per client address (hash-queue.ts): a login flood
 * waits in its own lines, at most 64 in all, past which the busiest address gives way or a quick
 * 503 answers instead of memory growth.
 */
export function createPasswordHasher(
  params: ScryptParams = OWASP_SCRYPT,
  queue: FairQueueOptions = { concurrency: 2, maxWaiting: 64, perAddressWaiting: 2 },
): PasswordHasher {
  const line = fairQueue(queue);
  const run = <T>(who: string | undefined, task: () => Promise<T>) =>
    line.run(who ?? `no-address-${(anonymous += 1)}`, task);
  const hasher: PasswordHasher = {
    params,
    async hash(password, who) {
      const p = hasher.params;
      const salt = randomBytes(p.saltLength);
      const key = await run(who, () => derive(password, salt, p, p.keyLength));
      return `scrypt$${p.N}$${p.r}$${p.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored, who) {
      const parsed = stored ? parse(stored) : undefined;
      if (!parsed) {
        await hasher.verifyDummy(password, who);
        return false;
      }
      const key = await run(who, () => derive(password, parsed.salt, parsed, parsed.hash.length));
      return sameBytes(key, parsed.hash);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      const p = hasher.params;
      return (
        !parsed ||
        parsed.N < p.N ||
        parsed.r < p.r ||
        parsed.p < p.p ||
        parsed.hash.length < p.keyLength ||
        parsed.salt.length < p.saltLength
      );
    },
    async verifyDummy(password, who) {
      // One derivation at the current cost against a random salt: the work of a real verify.
      const p = hasher.params;
      const key = await run(who, () => derive(password, randomBytes(p.saltLength), p, p.keyLength));
      sameBytes(key, randomBytes(p.keyLength));
      return false;
    },
  };
  return hasher;
}
