/** What sealing (verification.service.ts) and publishing (publication.ts) share: the hash, the players' pseudonyms, the entries as leaves and the seal record. */
import { createHmac, hash } from 'node:crypto';
import { compareEntries, type SealedEntry } from '../../../domain/verification.ts';
import type { Db } from '../../db/types.ts';
import { confirmedTicketRows } from '../contests/contest.service.ts';

/** Node's native SHA-256 for the tree: the same bytes as @noble/hashes, several times faster. */
export const NATIVE = { sha256: (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer') };

export const NOT_SEALED = 'NOT_SEALED';

export const iso = (ms: number): string => new Date(ms).toISOString();

export interface SealRecord {
  contestId: string;
  root: string;
  leafCount: number;
  sealedAt: number;
}

// ---------------------------------------------------------------- pseudonyms

/**
 * A player's pseudonym in one contest: HMAC-SHA256 over contest and user, keyed by a key derived
 * from the server secret (never the secret itself), 16 hex digits. Stable within a contest, and
 * two contests' pseudonyms of one player cannot be linked without the key.
 */
export function pseudonymKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('cricspot-pseudonym-key-v1').digest();
}

export function pseudonymOf(key: Buffer, contestId: string, userId: string): string {
  return createHmac('sha256', key).update(`${contestId}|${userId}`).digest('hex').slice(0, 16);
}

/** The contest's confirmed tickets as leaves, in leaf order (confirmedAt, then ticketId). */
export async function currentEntries(db: Db, secret: string, contestId: string): Promise<SealedEntry[]> {
  const key = pseudonymKey(secret);
  const rows = await confirmedTicketRows(db, contestId);
  const pseudonyms = new Map<string, string>();
  const entries = rows.map((r): SealedEntry => {
    let pseudonym = pseudonyms.get(r.user_id);
    if (pseudonym === undefined) {
      pseudonym = pseudonymOf(key, contestId, r.user_id);
      pseudonyms.set(r.user_id, pseudonym);
    }
    return { ticketId: r.id, pseudonym, x: Number(r.x), y: Number(r.y), confirmedAt: iso(Number(r.confirmed_at ?? 0)) };
  });
  return entries.sort(compareEntries);
}

/** The contest's seal, or null while it has none. */
export async function sealOf(db: Db, contestId: string): Promise<SealRecord | null> {
  const row = await db
    .selectFrom('contest_seals')
    .select(['contest_id', 'root', 'leaf_count', 'sealed_at'])
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  return row
    ? { contestId: row.contest_id, root: row.root, leafCount: Number(row.leaf_count), sealedAt: Number(row.sealed_at) }
    : null;
}
