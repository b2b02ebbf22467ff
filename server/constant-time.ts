import { timingSafeEqual } from 'node:crypto';

/**
 * The one constant-time comparison of secrets (codes, signatures, tokens): how long it takes
 * says nothing about how much of the guess was right.
 */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Two texts (tokens, nonces) compared in constant time; empty texts are never equal. */
export function sameText(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a), Buffer.from(b));
}

/** Two hex digests (HMACs, hashes) compared in constant time; anything malformed is simply unequal. */
export function sameHex(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given) || given.length !== expectedHex.length) return false;
  return sameBytes(Buffer.from(expectedHex, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}
