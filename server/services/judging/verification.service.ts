/**
 * Results anyone can check (issue 12), server side: the entry list sealed at close as a Merkle
 * tree (domain/verification.ts), receipts cut from the sealed tree, the sealed answer's
 * commitment and the publication file that the public page and scripts/verify-contest.ts check.
 *
 * A contest is sealed once its window has closed and none of its reservations can still confirm
 * (a reservation stays 'active' while its payment may yet arrive, issue 10); from then on
 * confirmReservationIn refuses its tickets, and the judge panel only opens sealed contests.
 */
import { createHmac, hash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { judgedMean } from '../../../domain/judging.ts';
import {
  answerCommitment,
  buildMerkleTree,
  compareEntries,
  entryLeafHashes,
  type SealedEntry,
} from '../../../domain/verification.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { confirmedTicketRows } from '../contests/contest.service.ts';
import { isPostgres } from '../../db/dialect.ts';
import { fixJudgedPoint } from './judging.service.ts';

export type Db = Kysely<Database> | Transaction<Database>;

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

// ---------------------------------------------------------------- sealing

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

/** Whether any reservation of the contest can still confirm (issue 10: an active one may be paid in time). */
async function hasOpenReservation(db: Db, contestId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reservations')
    .select('id')
    .where('contest_id', '=', contestId)
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Seals the contest inside the caller's transaction, once: the seal if it exists or was made
 * now, null while it cannot be (not closed, cancelled, or a reservation can still confirm). A
 * contest decided by a sealed answer is judged in the same transaction by that answer.
 */
export async function sealContestIn(
  trx: Transaction<Database>,
  secret: string,
  contestId: string,
  now: number,
): Promise<SealRecord | null> {
  const contest = await trx
    .selectFrom('contests')
    .selectAll()
    .where('id', '=', contestId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!contest) return null;
  const existing = await sealOf(trx, contestId);
  if (existing) return existing;
  if (contest.closes_at > now || contest.state === 'cancelled') return null;
  if (await hasOpenReservation(trx, contestId)) return null;
  const entries = await currentEntries(trx, secret, contestId);
  const root = buildMerkleTree(entryLeafHashes(contestId, entries, NATIVE), NATIVE).root;
  await trx
    .insertInto('contest_seals')
    .values({
      contest_id: contestId,
      root,
      leaf_count: entries.length,
      sealed_at: now,
      leaves: JSON.stringify(entries),
    })
    .onConflict((oc) => oc.column('contest_id').doNothing())
    .execute();
  metrics().contestSeals.inc();
  if (
    contest.decided_by === 'sealedAnswer' &&
    contest.state === 'upcoming' &&
    contest.answer_x !== null &&
    contest.answer_y !== null
  ) {
    await fixJudgedPoint(trx, contestId, judgedMean([{ x: contest.answer_x, y: contest.answer_y }]), now);
  }
  return sealOf(trx, contestId);
}

export async function sealContest(
  db: Kysely<Database>,
  secret: string,
  contestId: string,
  now: number,
): Promise<SealRecord | null> {
  return db.transaction().execute((trx) => sealContestIn(trx, secret, contestId, now));
}

/** The scheduler's run: every closed, uncancelled contest without a seal that can be sealed now. */
export async function sealDueContests(db: Kysely<Database>, secret: string, now: number): Promise<string[]> {
  const due = await db
    .selectFrom('contests')
    .select('id')
    .where('closes_at', '<=', now)
    .where('state', '!=', 'cancelled')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contest_seals')
            .select('contest_seals.contest_id')
            .whereRef('contest_seals.contest_id', '=', 'contests.id'),
        ),
      ),
    )
    .orderBy('closes_at')
    .execute();
  const sealed: string[] = [];
  for (const { id } of due) if (await sealContest(db, secret, id, now)) sealed.push(id);
  return sealed;
}

/**
 * Before a judge or admin sees a closed contest: seal it now if it can be, else refuse with
 * NOT_SEALED. Contests not yet closed pass through (the judging service refuses them itself).
 */
export async function requireSealed(
  db: Kysely<Database>,
  secret: string,
  contestId: string,
  now: number,
): Promise<void> {
  const contest = await db
    .selectFrom('contests')
    .select(['closes_at', 'state'])
    .where('id', '=', contestId)
    .executeTakeFirst();
  if (!contest || contest.closes_at > now || contest.state === 'cancelled') return;
  if (await sealContest(db, secret, contestId, now)) return;
  throw new AppError(409, NOT_SEALED, SERVER_ERROR_MESSAGES.judgingNotSealed);
}

/** Which of these contests are sealed (for My entries). */
export async function sealedContestIds(db: Db, contestIds: readonly string[]): Promise<Set<string>> {
  if (contestIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('contest_seals')
    .select('contest_id')
    .where('contest_id', 'in', [...contestIds])
    .execute();
  return new Set(rows.map((r) => r.contest_id));
}

/** A sealed contest takes no more tickets: confirmReservationIn asks this before confirming. */
export async function isSealed(db: Db, contestId: string): Promise<boolean> {
  return (await sealOf(db, contestId)) !== null;
}

// ---------------------------------------------------------------- the sealed answer

/** The commitment to a true ball position: a fresh random salt and SHA-256 over both. */
export function newSealedAnswer(
  x: number,
  y: number,
  now: number,
): { answer_x: number; answer_y: number; answer_salt: string; answer_commitment: string; answer_committed_at: number } {
  const salt = randomBytes(16).toString('hex');
  return {
    answer_x: x,
    answer_y: y,
    answer_salt: salt,
    answer_commitment: answerCommitment(x, y, salt),
    answer_committed_at: now,
  };
}

// ---------------------------------------------------------------- public views

// The published entry list, its proofs and receipts live in verification/publication.ts; callers import them from here too.
export {
  contestSealView,
  publicationOf,
  publicationCsv,
  sealedNodesOf,
  receiptOf,
  type SealView,
} from './publication.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import { metrics } from '../../metrics/scope.ts';
