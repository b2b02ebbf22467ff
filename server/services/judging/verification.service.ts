/**
 * Results anyone can check (issue 12), server side: the entry list sealed at close as a Merkle
 * tree (domain/verification.ts), receipts cut from the sealed tree, the sealed answer's
 * commitment and the publication file that the public page and scripts/verify-contest.ts check.
 *
 * A contest is sealed once its window has closed and none of its reservations can still confirm
 * (a reservation stays 'active' while its payment may yet arrive, issue 10); from then on
 * confirmReservationIn refuses its tickets, and the judge panel only opens sealed contests.
 * The entries and the seal record are read by sealed-entries.ts; the published list, its proofs
 * and receipts are publication.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import { judgedMean } from '../../../domain/judging.ts';
import { answerCommitment, buildMerkleTree, entryLeafHashes } from '../../../domain/verification.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { isPostgres } from '../../db/dialect.ts';
import { metrics } from '../../metrics/scope.ts';
import { fixJudgedPoint } from './judging.service.ts';
import { NATIVE, NOT_SEALED, type SealRecord, currentEntries, sealOf } from './sealed-entries.ts';

// ---------------------------------------------------------------- sealing

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
