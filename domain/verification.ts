/**
 * Results anyone can check (issue 12): the sealed entry list as an RFC 6962 Merkle tree, receipts
 * (a leaf and its audit path), the sealed-answer commitment and the check of a published result.
 *
 * Pure and browser-safe: the server builds the tree with it, the public page and
 * scripts/verify-contest.ts check with it, so there is one definition of every byte hashed.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { judgedMean, rankTickets, type JudgedMean } from './judging.ts';

export const LEAF_FORMAT = 'cricspot-leaf-v1';
export const RECEIPT_FORMAT = 'cricspot-receipt-v1';
export const PUBLICATION_FORMAT = 'cricspot-publication-v1';
export const ANSWER_FORMAT = 'cricspot-answer-v1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex SHA-256');

export const sealedEntrySchema = z.object({
  ticketId: z.string().min(1),
  pseudonym: z.string().min(1),
  x: z.number().int(),
  y: z.number().int(),
  /** ISO 8601 UTC with milliseconds, as Date.prototype.toISOString writes it. */
  confirmedAt: z.string(),
});
export type SealedEntry = z.infer<typeof sealedEntrySchema>;

// ---------------------------------------------------------------- hashing

/** The exact text hashed for one entry; '|' cannot occur in ids, pseudonyms, integers or ISO times. */
export function leafText(contestId: string, entry: SealedEntry): string {
  return `${LEAF_FORMAT}|${contestId}|${entry.ticketId}|${entry.pseudonym}|${entry.x}|${entry.y}|${entry.confirmedAt}`;
}

/**
 * A SHA-256 implementation. @noble/hashes everywhere by default; the server may pass Node's
 * native one for the same bytes much faster (a million-ticket seal).
 */
export type Sha256 = (data: Uint8Array) => Uint8Array;
export interface HashOptions {
  sha256?: Sha256;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Lowercase hex of bytes; a table lookup per byte (noticeably faster than a generic helper over millions of nodes). */
function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!]!;
  return out;
}

const encoder = new TextEncoder();
let leafInput = new Uint8Array(1024);
/** SHA-256(0x00 || utf8(text)), encoding into one reused buffer (no two allocations per leaf). */
function leafHashBytes(text: string, hash: Sha256 = sha256): Uint8Array {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (leafInput.length < text.length * 3 + 1) leafInput = new Uint8Array(text.length * 3 + 1);
  leafInput[0] = 0x00;
  const { written } = encoder.encodeInto(text, leafInput.subarray(1));
  return hash(leafInput.subarray(0, written + 1));
}

/** RFC 6962 leaf hash: SHA-256(0x00 || utf8(text)), lowercase hex. */
export function leafHash(text: string): string {
  return bytesToHex(leafHashBytes(text));
}

const nodeInput = new Uint8Array(65);
function nodeHashBytes(left: Uint8Array, right: Uint8Array, hash: Sha256 = sha256): Uint8Array {
  nodeInput[0] = 0x01;
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return hash(nodeInput);
}

/** RFC 6962 interior node: SHA-256(0x01 || left || right), lowercase hex. */
export function nodeHash(leftHex: string, rightHex: string): string {
  return bytesToHex(nodeHashBytes(hexToBytes(leftHex), hexToBytes(rightHex)));
}

/** The root of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT = bytesToHex(sha256(new Uint8Array(0)));

// ---------------------------------------------------------------- the tree

/**
 * Every level of the tree, computed once. Level 0 holds the leaf hashes; a level of odd length
 * carries its last node up unchanged, which is exactly RFC 6962's split at the largest power of
 * two below n. Each level is one packed buffer of 32-byte hashes, so a million leaves stay cheap.
 */
export interface MerkleTree {
  readonly size: number;
  readonly root: string;
  /** The audit path of leaf `index`, bottom up, lowercase hex. */
  proof(index: number): string[];
}

export function buildMerkleTree(leafHashes: readonly (string | Uint8Array)[], options: HashOptions = {}): MerkleTree {
  const hash = options.sha256 ?? sha256;
  const size = leafHashes.length;
  if (size === 0) return { size, root: EMPTY_ROOT, proof: () => { throw new RangeError('an empty tree has no leaves'); } };
  const levels: Uint8Array[] = [];
  let level = new Uint8Array(size * 32);
  for (let i = 0; i < size; i++) {
    const h = leafHashes[i]!;
    level.set(typeof h === 'string' ? hexToBytes(h) : h, i * 32);
  }
  levels.push(level);
  let length = size;
  while (length > 1) {
    const nextLength = Math.ceil(length / 2);
    const next = new Uint8Array(nextLength * 32);
    for (let i = 0; i + 1 < length; i += 2) {
      next.set(nodeHashBytes(level.subarray(i * 32, i * 32 + 32), level.subarray(i * 32 + 32, i * 32 + 64), hash), (i / 2) * 32);
    }
    if (length % 2 === 1) next.set(level.subarray((length - 1) * 32, length * 32), (nextLength - 1) * 32);
    levels.push(next);
    level = next;
    length = nextLength;
  }
  // Hex of a node is made once and shared by every proof that passes through it.
  const hexCache: (string | undefined)[][] = levels.map((l) => new Array<string | undefined>(l.length / 32));
  const hexAt = (depth: number, i: number): string => {
    const row = hexCache[depth]!;
    return (row[i] ??= toHex(levels[depth]!.subarray(i * 32, i * 32 + 32)));
  };
  return {
    size,
    root: hexAt(levels.length - 1, 0),
    proof(index: number): string[] {
      if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new RangeError(`no leaf ${index} in a tree of ${size}`);
      const path: string[] = [];
      let i = index;
      let len = size;
      for (let depth = 0; len > 1; depth++) {
        const sibling = i ^ 1;
        if (sibling < len) path.push(hexAt(depth, sibling));
        i >>= 1;
        len = Math.ceil(len / 2);
      }
      return path;
    },
  };
}

/** RFC 6962 Merkle Tree Hash of the leaf hashes (hex); the empty tree hashes the empty string. */
export function merkleRoot(leafHashes: readonly string[]): string {
  return buildMerkleTree(leafHashes).root;
}

/** RFC 6962 audit path of leaf `index`. */
export function inclusionProof(leafHashes: readonly string[], index: number): string[] {
  return buildMerkleTree(leafHashes).proof(index);
}

/** RFC 9162 section 2.1.3.2: does the audit path lead from the leaf to the root? */
export function verifyInclusion(
  claim: { leafHash: string; index: number; treeSize: number; proof: readonly string[] },
  root: string,
): boolean {
  const { index, treeSize, proof } = claim;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(treeSize) || index < 0 || index >= treeSize) return false;
  if (![claim.leafHash, root, ...proof].every((h) => /^[0-9a-f]{64}$/.test(h))) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = hexToBytes(claim.leafHash);
  for (const p of proof) {
    if (sn === 0) return false;
    const sibling = hexToBytes(p);
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHashBytes(sibling, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHashBytes(r, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesToHex(r) === root;
}

/** Leaf order: confirmedAt, then ticketId (UTF-16 code units), so any machine sorts alike. */
export function compareEntries(a: SealedEntry, b: SealedEntry): number {
  if (a.confirmedAt !== b.confirmedAt) return a.confirmedAt < b.confirmedAt ? -1 : 1;
  if (a.ticketId !== b.ticketId) return a.ticketId < b.ticketId ? -1 : 1;
  return 0;
}

/** The entries' leaf hashes in the order given (sort with compareEntries first). */
export function entryLeafHashes(contestId: string, entries: readonly SealedEntry[], options: HashOptions = {}): Uint8Array[] {
  const hash = options.sha256 ?? sha256;
  return entries.map((e) => leafHashBytes(leafText(contestId, e), hash));
}

// ---------------------------------------------------------------- receipts

export const receiptSchema = z.object({
  format: z.literal(RECEIPT_FORMAT),
  contestId: z.string().min(1),
  entry: sealedEntrySchema,
  index: z.number().int().nonnegative(),
  treeSize: z.number().int().positive(),
  proof: z.array(hex64),
  root: hex64,
  sealedAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export type ReceiptProblem = null | 'format' | 'proof' | 'root';

/**
 * Checks a receipt on its own (its proof leads to its root) and, given the published root, that
 * it is that contest's root. 'format': not a receipt; 'proof': the path does not lead to the root
 * it names; 'root': a consistent receipt for another root than the published one.
 */
export function checkReceipt(receipt: unknown, expectedRoot?: string): { ok: boolean; problem: ReceiptProblem } {
  const parsed = receiptSchema.safeParse(receipt);
  if (!parsed.success) return { ok: false, problem: 'format' };
  const r = parsed.data;
  const ok = verifyInclusion(
    { leafHash: leafHash(leafText(r.contestId, r.entry)), index: r.index, treeSize: r.treeSize, proof: r.proof },
    r.root,
  );
  if (!ok) return { ok: false, problem: 'proof' };
  if (expectedRoot !== undefined && expectedRoot.toLowerCase() !== r.root) return { ok: false, problem: 'root' };
  return { ok: true, problem: null };
}

// ---------------------------------------------------------------- the sealed answer

/** Commitment to the true ball position: hex SHA-256(utf8 `cricspot-answer-v1|x|y|salt`). */
export function answerCommitment(x: number, y: number, salt: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${ANSWER_FORMAT}|${x}|${y}|${salt}`)));
}

// ---------------------------------------------------------------- the publication

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

export type VerificationCheckId = 'root' | 'leafCount' | 'judgedPoint' | 'commitment' | 'distances' | 'ranking' | 'winner';
export interface VerificationCheck {
  id: VerificationCheckId;
  ok: boolean;
  expected?: string;
  actual?: string;
  /** e.g. the first ticket that differs. */
  detail?: string;
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
      ? { id: 'root', ok: true, expected: p.seal.root, actual: root }
      : {
          id: 'root',
          ok: false,
          expected: p.seal.root,
          actual: root,
          detail: sorted ? 'the entries do not hash to the sealed root' : 'the entries are not in leaf order (confirmedAt, then ticketId)',
        },
  );
  checks.push({
    id: 'leafCount',
    ok: p.entries.length === p.seal.leafCount,
    expected: String(p.seal.leafCount),
    actual: String(p.entries.length),
  });

  // The judged point, as the site computes it.
  let judged: JudgedMean | { x: number; y: number } | null = null;
  if (p.decidedBy === 'sealedAnswer') {
    const answer = p.sealedAnswer;
    if (answer === null) {
      checks.push({ id: 'commitment', ok: false, detail: 'decided by a sealed answer, but no answer is revealed' });
    } else {
      const commitment = answerCommitment(answer.x, answer.y, answer.salt);
      checks.push({ id: 'commitment', ok: commitment === answer.commitment, expected: answer.commitment, actual: commitment });
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
    checks.push({ id: 'judgedPoint', ok: false, actual: fmtPoint(p.judgedPoint), detail: 'no judged point can be computed from the file' });
  } else {
    const ok = Math.abs(judged.x - p.judgedPoint.x) <= DISTANCE_TOLERANCE && Math.abs(judged.y - p.judgedPoint.y) <= DISTANCE_TOLERANCE;
    checks.push({ id: 'judgedPoint', ok, expected: fmtPoint({ x: judged.x, y: judged.y }), actual: fmtPoint(p.judgedPoint) });
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
        distances = { id: 'distances', ok: false, detail: `ticket ${row.ticketId} is ranked but is not an entry` };
        break;
      }
      if (Math.abs(mine.distance - row.distance) > DISTANCE_TOLERANCE * Math.max(1, mine.distance)) {
        distances = { id: 'distances', ok: false, expected: String(mine.distance), actual: String(row.distance), detail: `ticket ${row.ticketId}` };
        break;
      }
    }
    checks.push(distances);

    let ranking: VerificationCheck = { id: 'ranking', ok: true };
    if (p.ranking.length !== ranked.length) {
      ranking = { id: 'ranking', ok: false, expected: `${ranked.length} rows`, actual: `${p.ranking.length} rows` };
    } else {
      for (let i = 0; i < ranked.length; i++) {
        const want = ranked[i]!;
        const got = p.ranking[i]!;
        if (want.ticket.id !== got.ticketId || want.rank !== got.rank) {
          ranking = {
            id: 'ranking',
            ok: false,
            expected: `#${want.rank} ${want.ticket.id}`,
            actual: `#${got.rank} ${got.ticketId}`,
            detail: `rank ${i + 1}`,
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
    checks.push({ id: 'winner', ok: winnerOk, expected: expectedWinner ?? 'none', actual: p.winner?.ticketId ?? 'none' });
  } else {
    checks.push({ id: 'distances', ok: false, detail: 'no judged point' });
    checks.push({ id: 'ranking', ok: false, detail: 'no judged point' });
    checks.push({ id: 'winner', ok: false, detail: 'no judged point' });
  }

  return { ok: checks.every((c) => c.ok), checks };
}

// ---------------------------------------------------------------- the public seal endpoint

/** GET /api/v1/contests/:id/seal: the sealed root (null before close) and the sealed answer's commitment (null unless decided by one). */
export const contestSealSchema = z.object({
  contestId: z.string(),
  state: z.string(),
  seal: z.object({ root: hex64, leafCount: z.number().int().nonnegative(), sealedAt: z.string() }).nullable(),
  commitment: z.object({ hash: hex64, committedAt: z.string() }).nullable(),
});
export type ContestSeal = z.infer<typeof contestSealSchema>;
