/** The published entry list of a sealed contest, its Merkle nodes and the players' receipts (verification.service.ts seals it). */
import type { Kysely } from 'kysely';
import { judgedPointOf } from '../../../domain/judge-panel.ts';
import { isResultPublic } from '../../../domain/results.ts';
import {
  buildMerkleTree,
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
} from '../../../domain/verification.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type ContestRow } from '../contests/contest.service.ts';
import type { Db } from '../../db/types.ts';
import { NATIVE, NOT_SEALED, iso, type SealRecord, currentEntries, sealOf } from './sealed-entries.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

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
  if (!contest) throw notFound(SERVER_ERROR_MESSAGES.contestIdUnknown);
  const seal = await sealOf(db, contestId);
  // Public from the moment the contest opens (before that the admin may still change the answer).
  const committed =
    contest.decided_by === 'sealedAnswer' &&
    contest.answer_commitment !== null &&
    contest.answer_committed_at !== null &&
    contest.opens_at <= now;
  // The show-time gate: an early publication reads 'judged' until the show starts.
  const shown = state(contest);
  return {
    contestId,
    state:
      shown === 'published' && !isResultPublic({ state: contest.state, showAt: Number(contest.show_at) }, now)
        ? 'judged'
        : shown,
    seal: seal ? { root: seal.root, leafCount: seal.leafCount, sealedAt: iso(seal.sealedAt) } : null,
    commitment: committed ? { hash: contest.answer_commitment!, committedAt: iso(contest.answer_committed_at!) } : null,
  };
}

/**
 * A published contest and its seal; 404 before publication, before its winner show (the
 * show-time gate, issue 26: an early publication is not public yet) or for a contest published
 * before seals existed.
 */
async function publishedSeal(
  db: Kysely<Database>,
  contestId: string,
  now: number,
): Promise<{ contest: ContestRow & { published_at: number }; seal: SealRecord }> {
  const contest = (await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst()) as
    ContestRow | undefined;
  if (!contest) throw notFound(SERVER_ERROR_MESSAGES.contestIdUnknown);
  if (!isResultPublic({ state: contest.state, showAt: Number(contest.show_at) }, now) || contest.published_at === null)
    throw notFound(SERVER_ERROR_MESSAGES.resultNotPublished);
  const seal = await sealOf(db, contestId);
  if (!seal) throw notFound(SERVER_ERROR_MESSAGES.publishedBeforeSeals);
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
export async function publicationOf(
  db: Kysely<Database>,
  secret: string,
  contestId: string,
  now: number,
): Promise<Publication> {
  const { contest, seal } = await publishedSeal(db, contestId, now);
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
  now: number,
): Promise<SealedNodes> {
  const { seal } = await publishedSeal(db, contestId, now);
  const { tree, entries } = await sealedTree(db, contestId, seal.root);
  if (depth > tree.height)
    throw new AppError(400, 'VALIDATION_FAILED', SERVER_ERROR_MESSAGES.sealedTreeLevels(tree.height));
  const nodes = indices.map((index) => {
    const hash = tree.node(depth, index);
    if (hash === undefined)
      throw new AppError(400, 'VALIDATION_FAILED', SERVER_ERROR_MESSAGES.sealedTreeNode(depth, index));
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
  if (!ticket) throw notFound(SERVER_ERROR_MESSAGES.ticketNotYours);
  const seal = await sealOf(db, ticket.contest_id);
  if (!seal) throw new AppError(409, NOT_SEALED, SERVER_ERROR_MESSAGES.receiptsNotSealed);
  const { tree, index, entries } = await sealedTree(db, ticket.contest_id, seal.root);
  const at = index.get(ticketId);
  if (at === undefined) throw notFound(SERVER_ERROR_MESSAGES.ticketNotSealed);
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
