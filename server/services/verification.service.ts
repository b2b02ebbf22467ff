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
import { judgedPointOf } from '../../domain/judge-panel.ts';
import { judgedMean } from '../../domain/judging.ts';
import {
  answerCommitment,
  buildMerkleTree,
  compareEntries,
  entryLeafHashes,
  leafHash,
  leafText,
  type MerkleTree,
  type Publication,
  PUBLICATION_FORMAT,
  type Receipt,
  RECEIPT_FORMAT,
  type SealedEntry,
  type SealedNodes,
} from '../../domain/verification.ts';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { confirmedTicketRows, type ContestRow } from './contest.service.ts';
import { isPostgres } from '../db/dialect.ts';
import { rankContest } from './judging.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Node's native SHA-256 for the tree: the same bytes as @noble/hashes, several times faster. */
const NATIVE = { sha256: (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer') };

export const NOT_SEALED = 'NOT_SEALED';
const iso = (ms: number): string => new Date(ms).toISOString();

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

async function sealOf(db: Db, contestId: string): Promise<SealRecord | null> {
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
  if (
    contest.decided_by === 'sealedAnswer' &&
    contest.state === 'upcoming' &&
    contest.answer_x !== null &&
    contest.answer_y !== null
  ) {
    const mean = judgedMean([{ x: contest.answer_x, y: contest.answer_y }]);
    await trx
      .updateTable('contests')
      .set({
        state: 'judged',
        judged_sum_x: mean.sumX,
        judged_sum_y: mean.sumY,
        judged_count: 1,
        judged_at: now,
        updated_at: now,
      })
      .where('id', '=', contestId)
      .execute();
    await rankContest(trx, contestId, mean);
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
  throw new AppError(
    409,
    NOT_SEALED,
    'The entry list is sealed once the last payments of this contest have ended; judging opens then.',
  );
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

export interface SealView {
  contestId: string;
  state: string;
  seal: { root: string; leafCount: number; sealedAt: string } | null;
  commitment: { hash: string; committedAt: string } | null;
}

export async function contestSealView(
  db: Kysely<Database>,
  contestId: string,
  now: number,
  state: (c: ContestRow) => string,
): Promise<SealView> {
  const contest = (await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst()) as
    ContestRow | undefined;
  if (!contest) throw notFound('No contest has this id.');
  const seal = await sealOf(db, contestId);
  // Public from the moment the contest opens (before that the admin may still change the answer).
  const committed =
    contest.decided_by === 'sealedAnswer' &&
    contest.answer_commitment !== null &&
    contest.answer_committed_at !== null &&
    contest.opens_at <= now;
  return {
    contestId,
    state: state(contest),
    seal: seal ? { root: seal.root, leafCount: seal.leafCount, sealedAt: iso(seal.sealedAt) } : null,
    commitment: committed ? { hash: contest.answer_commitment!, committedAt: iso(contest.answer_committed_at!) } : null,
  };
}

/** A published contest and its seal; 404 before publication or for a contest published before seals existed. */
async function publishedSeal(
  db: Kysely<Database>,
  contestId: string,
): Promise<{ contest: ContestRow & { published_at: number }; seal: SealRecord }> {
  const contest = (await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst()) as
    ContestRow | undefined;
  if (!contest) throw notFound('No contest has this id.');
  if (contest.state !== 'published' || contest.published_at === null)
    throw notFound('The result of this contest is not published yet.');
  const seal = await sealOf(db, contestId);
  if (!seal) throw notFound('This contest was published before results were sealed; there is nothing to check.');
  return { contest: contest as ContestRow & { published_at: number }, seal };
}

/** A judge's public name: first name and the initial of the last ('Asha K.'); never contact details. */
function publicName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
}

/**
 * The published result as one file. The entries are read from the tickets as they are now and
 * the root from the seal, so a ticket changed after close shows as a root that does not match.
 */
export async function publicationOf(db: Kysely<Database>, secret: string, contestId: string): Promise<Publication> {
  const { contest, seal } = await publishedSeal(db, contestId);
  const [picture, marks, ranks, entries] = await Promise.all([
    db.selectFrom('pictures').select(['width', 'height']).where('id', '=', contest.picture_id).executeTakeFirst(),
    db
      .selectFrom('judge_marks')
      .innerJoin('users', 'users.id', 'judge_marks.judge_id')
      .select(['judge_marks.x', 'judge_marks.y', 'users.first_name', 'users.last_name'])
      .where('judge_marks.contest_id', '=', contestId)
      .orderBy('judge_marks.created_at')
      .execute(),
    db
      .selectFrom('contest_ranks')
      .select(['rank', 'ticket_id', 'distance'])
      .where('contest_id', '=', contestId)
      .orderBy('rank')
      .execute(),
    currentEntries(db, secret, contestId),
  ]);
  const point = judgedPointOf(contest) ?? { x: 0, y: 0 };
  const decidedBy = contest.decided_by;
  const winnerRow = ranks[0];
  const winnerEntry = winnerRow ? entries.find((e) => e.ticketId === winnerRow.ticket_id) : undefined;
  return {
    format: PUBLICATION_FORMAT,
    contest: {
      id: contest.id,
      closesAt: iso(contest.closes_at),
      publishedAt: iso(contest.published_at),
      picture: { width: picture?.width ?? 0, height: picture?.height ?? 0 },
    },
    seal: { root: seal.root, leafCount: seal.leafCount, sealedAt: iso(seal.sealedAt) },
    decidedBy,
    judges:
      decidedBy === 'judges'
        ? marks.map((m) => ({ name: publicName(m.first_name, m.last_name), x: Number(m.x), y: Number(m.y) }))
        : [],
    judgedPoint: point,
    sealedAnswer:
      decidedBy === 'sealedAnswer' &&
      contest.answer_commitment !== null &&
      contest.answer_x !== null &&
      contest.answer_y !== null &&
      contest.answer_salt !== null
        ? {
            commitment: contest.answer_commitment,
            committedAt: iso(contest.answer_committed_at ?? contest.created_at),
            x: contest.answer_x,
            y: contest.answer_y,
            salt: contest.answer_salt,
          }
        : null,
    entries,
    ranking: ranks.map((r) => ({ rank: Number(r.rank), ticketId: r.ticket_id, distance: Number(r.distance) })),
    winner: winnerRow ? { ticketId: winnerRow.ticket_id, pseudonym: winnerEntry?.pseudonym ?? '' } : null,
  };
}

/** The entries with their leaf hash, rank and distance, one line each (RFC 4180; no field needs quoting). */
export function publicationCsv(p: Publication): string {
  const ranks = new Map(p.ranking.map((r) => [r.ticketId, r]));
  const lines = ['ticketId,pseudonym,x,y,confirmedAt,leafHash,rank,distance'];
  for (const e of p.entries) {
    const r = ranks.get(e.ticketId);
    lines.push(
      [
        e.ticketId,
        e.pseudonym,
        e.x,
        e.y,
        e.confirmedAt,
        leafHash(leafText(p.contest.id, e)),
        r?.rank ?? '',
        r?.distance ?? '',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------- receipts

/** The last few sealed trees, so a crowd fetching receipts after close hashes each tree once. */
const treeCache = new Map<string, { tree: MerkleTree; index: Map<string, number>; entries: SealedEntry[] }>();
const TREE_CACHE_SIZE = 4;

async function sealedTree(
  db: Db,
  contestId: string,
  root: string,
): Promise<{ tree: MerkleTree; index: Map<string, number>; entries: SealedEntry[] }> {
  const cacheKey = `${contestId}|${root}`;
  const cached = treeCache.get(cacheKey);
  if (cached) return cached;
  const row = await db
    .selectFrom('contest_seals')
    .select('leaves')
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  const entries = JSON.parse(row.leaves) as SealedEntry[];
  const built = {
    tree: buildMerkleTree(entryLeafHashes(contestId, entries, NATIVE), NATIVE),
    index: new Map(entries.map((e, i) => [e.ticketId, i])),
    entries,
  };
  treeCache.set(cacheKey, built);
  if (treeCache.size > TREE_CACHE_SIZE) treeCache.delete(treeCache.keys().next().value!);
  return built;
}

/**
 * Nodes of the tree sealed at close, for the check that names which entry changed
 * (domain locateDifferences); the entries themselves at depth 0. Public once published, like the
 * entry list itself.
 */
export async function sealedNodesOf(
  db: Kysely<Database>,
  contestId: string,
  depth: number,
  indices: readonly number[],
): Promise<SealedNodes> {
  const { seal } = await publishedSeal(db, contestId);
  const { tree, entries } = await sealedTree(db, contestId, seal.root);
  if (depth > tree.height)
    throw new AppError(400, 'VALIDATION_FAILED', `The sealed tree has levels 0 to ${tree.height}.`);
  const nodes = indices.map((index) => {
    const hash = tree.node(depth, index);
    if (hash === undefined)
      throw new AppError(400, 'VALIDATION_FAILED', `Level ${depth} of the sealed tree has no node ${index}.`);
    return depth === 0 ? { index, hash, entry: entries[index]! } : { index, hash };
  });
  return { leafCount: seal.leafCount, depth, nodes };
}

/** The receipt of one of the player's own confirmed tickets: 404 for anything else, 409 NOT_SEALED before the seal. */
export async function receiptOf(db: Kysely<Database>, userId: string, ticketId: string): Promise<Receipt> {
  const ticket = await db
    .selectFrom('tickets')
    .select(['contest_id'])
    .where('id', '=', ticketId)
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  if (!ticket) throw notFound('You have no confirmed ticket with this id.');
  const seal = await sealOf(db, ticket.contest_id);
  if (!seal)
    throw new AppError(409, NOT_SEALED, 'Receipts are ready once the contest closes and its entry list is sealed.');
  const { tree, index, entries } = await sealedTree(db, ticket.contest_id, seal.root);
  const at = index.get(ticketId);
  if (at === undefined) throw notFound('This ticket is not in the sealed entry list.');
  return {
    format: RECEIPT_FORMAT,
    contestId: ticket.contest_id,
    entry: entries[at]!,
    index: at,
    treeSize: tree.size,
    proof: tree.proof(at),
    root: tree.root,
    sealedAt: iso(seal.sealedAt),
  };
}
