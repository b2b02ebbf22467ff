import { AppError } from '../errors.ts';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

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

/**
 * At most two derivations at once: each takes 128 MB at the production cost, and a burst of
 * logins must queue rather than exhaust memory or the libuv pool the database shares.
 */
function limiter(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A flood of logins waits in a bounded line; past it, a quick 503 instead of memory growth.
    if (running >= concurrency && waiting.length >= maxWaiting) throw hashingBusy();
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export interface PasswordHasher {
  /** The cost of new hashes. Production keeps OWASP_SCRYPT; tests may lower it to stay fast. */
  params: ScryptParams;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  /** True when the stored hash was made with a lower cost than `params` (or cannot be read). */
  needsRehash(stored: string): boolean;
  /**
   * Spends the time a real verification would, for a user who does not exist or has no
   * password, so that a failed login takes as long either way. Always false.
   */
  verifyDummy(password: string): Promise<false>;
}

export const HASHING_BUSY_MESSAGE = 'Too many people are signing in at this moment. Please try again in a few seconds.';
const hashingBusy = () => new AppError(503, 'BUSY', HASHING_BUSY_MESSAGE);

export function createPasswordHasher(
  params: ScryptParams = OWASP_SCRYPT,
  concurrency = 2,
  maxWaiting = 64,
): PasswordHasher {
  const run = limiter(concurrency, maxWaiting);
  const hasher: PasswordHasher = {
    params,
    async hash(password) {
      const p = hasher.params;
      const salt = randomBytes(p.saltLength);
      const key = await run(() => derive(password, salt, p, p.keyLength));
      return `scrypt$${p.N}$${p.r}$${p.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored) {
      const parsed = stored ? parse(stored) : undefined;
      if (!parsed) {
        await hasher.verifyDummy(password);
        return false;
      }
      const key = await run(() => derive(password, parsed.salt, parsed, parsed.hash.length));
      return timingSafeEqual(key, parsed.hash);
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
    async verifyDummy(password) {
      // One derivation at the current cost against a random salt: the work of a real verify.
      const p = hasher.params;
      const key = await run(() => derive(password, randomBytes(p.saltLength), p, p.keyLength));
      timingSafeEqual(key, randomBytes(p.keyLength));
      return false;
    },
  };
  return hasher;
}
