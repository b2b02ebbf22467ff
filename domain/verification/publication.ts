import { judgedMean, type JudgedMean, rankTickets } from '../judging.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { ANSWER_FORMAT, hex64, PUBLICATION_FORMAT, sealedEntrySchema } from './formats.ts';
import { buildMerkleTree, compareEntries, entryLeafHashes, type HashOptions } from './merkle.ts';

// The sealed answer's commitment and the check of a published result.

/** Commitment to the true ball position: hex SHA-256(utf8 `cricspot-answer-v1|x|y|salt`). */
export function answerCommitment(x: number, y: number, salt: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${ANSWER_FORMAT}|${x}|${y}|${salt}`)));
}

const pointSchema = z.object({ x: z.number(), y: z.number() });

export const publicationSchema = z.object({
  format: z.literal(PUBLICATION_FORMAT),
  contest: z.object({
    id: z.string(),
    closesAt: z.string(),
    publishedAt: z.string(),
    picture: z.object({ width: z.number().int(), height: z.number().int() }),
  }),
  seal: z.object({ root: hex64, leafCount: z.number().int().nonnegative(), sealedAt: z.string() }),
  decidedBy: z.enum(['judges', 'sealedAnswer']),
  judges: z.array(z.object({ name: z.string(), x: z.number(), y: z.number() })),
  judgedPoint: pointSchema,
  sealedAnswer: z
    .object({ commitment: hex64, committedAt: z.string(), x: z.number().int(), y: z.number().int(), salt: z.string() })
    .nullable(),
  /** In leaf order. */
  entries: z.array(sealedEntrySchema),
  /** Every entry, nearest first. */
  ranking: z.array(z.object({ rank: z.number().int().positive(), ticketId: z.string(), distance: z.number() })),
  winner: z.object({ ticketId: z.string(), pseudonym: z.string() }).nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;

export type VerificationCheckId =
  'root' | 'leafCount' | 'judgedPoint' | 'commitment' | 'distances' | 'ranking' | 'winner';
/** Where a failed check went wrong, as a code the page translates and the script spells out (describeDetail). */
export type CheckDetail =
  | { code: 'rootDiffers' }
  | { code: 'notInLeafOrder' }
  | { code: 'answerMissing' }
  | { code: 'noJudgedPoint' }
  | { code: 'rankedNotEntry'; ticketId: string }
  | { code: 'ticket'; ticketId: string }
  | { code: 'rank'; rank: number };
export interface VerificationCheck {
  id: VerificationCheckId;
  ok: boolean;
  /** The figure as the file publishes it. */
  published?: string;
  /** The same figure recomputed here from the file. */
  recomputed?: string;
  /** e.g. the first ticket that differs. */
  detail?: CheckDetail;
}

/** A detail in English, for the command-line script and logs. */
export function describeDetail(detail: CheckDetail): string {
  switch (detail.code) {
    case 'rootDiffers':
      return 'the entries do not hash to the sealed root';
    case 'notInLeafOrder':
      return 'the entries are not in leaf order (confirmedAt, then ticketId)';
    case 'answerMissing':
      return 'decided by a sealed answer, but no answer is revealed';
    case 'noJudgedPoint':
      return 'no judged point can be computed from the file';
    case 'rankedNotEntry':
      return `ticket ${detail.ticketId} is ranked but is not an entry`;
    case 'ticket':
      return `ticket ${detail.ticketId}`;
    case 'rank':
      return `rank ${detail.rank}`;
  }
}
export interface VerificationReport {
  ok: boolean;
  checks: VerificationCheck[];
}

/** Published distances are rounded floats; they must match the recomputed one closely. */
const DISTANCE_TOLERANCE = 1e-6;

function fmtPoint(p: { x: number; y: number }): string {
  return `(${p.x}, ${p.y})`;
}

/**
 * Recomputes everything from the file alone and says exactly what differs: the root from the
 * entries, the judged point from the judges' marks (or the revealed answer, with its
 * commitment), every distance, the ranking (the site's one rule: domain/judging.ts) and the
 * winner. One pass each, O(n log n) for the ranking.
 */
export function verifyPublication(p: Publication, options: HashOptions = {}): VerificationReport {
  const checks: VerificationCheck[] = [];
  const contestId = p.contest.id;

  const sorted = p.entries.every((e, i) => i === 0 || compareEntries(p.entries[i - 1]!, e) < 0);
  const root = buildMerkleTree(entryLeafHashes(contestId, p.entries, options), options).root;
  checks.push(
    root === p.seal.root && sorted
      ? { id: 'root', ok: true, published: p.seal.root, recomputed: root }
      : {
          id: 'root',
          ok: false,
          published: p.seal.root,
          recomputed: root,
          detail: sorted ? { code: 'rootDiffers' } : { code: 'notInLeafOrder' },
        },
  );
  checks.push({
    id: 'leafCount',
    ok: p.entries.length === p.seal.leafCount,
    published: String(p.seal.leafCount),
    recomputed: String(p.entries.length),
  });

  // The judged point, as the site computes it.
  let judged: JudgedMean | { x: number; y: number } | null = null;
  if (p.decidedBy === 'sealedAnswer') {
    const answer = p.sealedAnswer;
    if (answer === null) {
      checks.push({ id: 'commitment', ok: false, detail: { code: 'answerMissing' } });
    } else {
      const commitment = answerCommitment(answer.x, answer.y, answer.salt);
      checks.push({
        id: 'commitment',
        ok: commitment === answer.commitment,
        published: answer.commitment,
        recomputed: commitment,
      });
      judged = { x: answer.x, y: answer.y };
    }
  } else if (p.judges.length > 0) {
    try {
      judged = judgedMean(p.judges.map((j) => ({ x: j.x, y: j.y })));
    } catch {
      judged = null;
    }
  }
  if (judged === null) {
    checks.push({
      id: 'judgedPoint',
      ok: false,
      published: fmtPoint(p.judgedPoint),
      detail: { code: 'noJudgedPoint' },
    });
  } else {
    const ok =
      Math.abs(judged.x - p.judgedPoint.x) <= DISTANCE_TOLERANCE &&
      Math.abs(judged.y - p.judgedPoint.y) <= DISTANCE_TOLERANCE;
    checks.push({
      id: 'judgedPoint',
      ok,
      published: fmtPoint(p.judgedPoint),
      recomputed: fmtPoint({ x: judged.x, y: judged.y }),
    });
  }

  if (judged !== null) {
    const ranked = rankTickets(
      p.entries.map((e) => ({ id: e.ticketId, point: { x: e.x, y: e.y }, confirmedAt: new Date(e.confirmedAt) })),
      judged,
    );
    const byId = new Map(ranked.map((r) => [r.ticket.id, r]));

    let distances: VerificationCheck = { id: 'distances', ok: true };
    for (const row of p.ranking) {
      const mine = byId.get(row.ticketId);
      if (mine === undefined) {
        distances = { id: 'distances', ok: false, detail: { code: 'rankedNotEntry', ticketId: row.ticketId } };
        break;
      }
      if (Math.abs(mine.distance - row.distance) > DISTANCE_TOLERANCE * Math.max(1, mine.distance)) {
        distances = {
          id: 'distances',
          ok: false,
          published: String(row.distance),
          recomputed: String(mine.distance),
          detail: { code: 'ticket', ticketId: row.ticketId },
        };
        break;
      }
    }
    checks.push(distances);

    let ranking: VerificationCheck = { id: 'ranking', ok: true };
    if (p.ranking.length !== ranked.length) {
      ranking = {
        id: 'ranking',
        ok: false,
        published: `${p.ranking.length} rows`,
        recomputed: `${ranked.length} rows`,
      };
    } else {
      for (let i = 0; i < ranked.length; i++) {
        const want = ranked[i]!;
        const got = p.ranking[i]!;
        if (want.ticket.id !== got.ticketId || want.rank !== got.rank) {
          ranking = {
            id: 'ranking',
            ok: false,
            published: `#${got.rank} ${got.ticketId}`,
            recomputed: `#${want.rank} ${want.ticket.id}`,
            detail: { code: 'rank', rank: i + 1 },
          };
          break;
        }
      }
    }
    checks.push(ranking);

    const first = ranked[0];
    const expectedWinner = first === undefined ? null : first.ticket.id;
    const pseudonymOf = new Map(p.entries.map((e) => [e.ticketId, e.pseudonym]));
    const winnerOk =
      (p.winner?.ticketId ?? null) === expectedWinner &&
      (p.winner === null || pseudonymOf.get(p.winner.ticketId) === p.winner.pseudonym);
    checks.push({
      id: 'winner',
      ok: winnerOk,
      published: p.winner?.ticketId ?? 'none',
      recomputed: expectedWinner ?? 'none',
    });
  } else {
    for (const id of ['distances', 'ranking', 'winner'] as const)
      checks.push({ id, ok: false, detail: { code: 'noJudgedPoint' } });
  }

  return { ok: checks.every((c) => c.ok), checks };
}
