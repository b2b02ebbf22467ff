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
  /** The number of levels above the leaves (0 for one leaf; the root is node(height, 0)). */
  readonly height: number;
  /**
   * Node `index` of level `depth` (0: the leaves), lowercase hex; undefined outside the tree. It
   * covers leaves [index * 2^depth, (index + 1) * 2^depth), cut at the tree's size.
   */
  node(depth: number, index: number): string | undefined;
}

export function buildMerkleTree(leafHashes: readonly (string | Uint8Array)[], options: HashOptions = {}): MerkleTree {
  const hash = options.sha256 ?? sha256;
  const size = leafHashes.length;
  if (size === 0) {
    return {
      size,
      root: EMPTY_ROOT,
      height: 0,
      node: () => undefined,
      proof: () => {
        throw new RangeError('an empty tree has no leaves');
      },
    };
  }
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
      next.set(
        nodeHashBytes(level.subarray(i * 32, i * 32 + 32), level.subarray(i * 32 + 32, i * 32 + 64), hash),
        (i / 2) * 32,
      );
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
    height: levels.length - 1,
    node(depth: number, index: number): string | undefined {
      const level = levels[depth];
      if (level === undefined || !Number.isSafeInteger(index) || index < 0 || index >= level.length / 32)
        return undefined;
      return hexAt(depth, index);
    },
    proof(index: number): string[] {
      if (!Number.isSafeInteger(index) || index < 0 || index >= size)
        throw new RangeError(`no leaf ${index} in a tree of ${size}`);
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
export function entryLeafHashes(
  contestId: string,
  entries: readonly SealedEntry[],
  options: HashOptions = {},
): Uint8Array[] {
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

// ---------------------------------------------------------------- which entry differs

/** Node indices asked for in one request of the sealed tree's nodes. */
export const SEALED_NODES_MAX = 64;
/** Differences named before the search stops (a ticket removed mid-list shifts every later one). */
export const DIFFERENCES_SHOWN = 10;

/**
 * GET /api/v1/contests/:id/seal/nodes?depth=&index=: nodes of the tree sealed at close (only once
 * the result is published); at depth 0 each node comes with its sealed entry.
 */
export const sealedNodesSchema = z.object({
  leafCount: z.number().int().nonnegative(),
  depth: z.number().int().nonnegative(),
  nodes: z.array(z.object({ index: z.number().int().nonnegative(), hash: hex64, entry: sealedEntrySchema.optional() })),
});
export type SealedNodes = z.infer<typeof sealedNodesSchema>;
export type FetchSealedNodes = (depth: number, indices: number[]) => Promise<SealedNodes>;

/** One position of the entry list where the published entry is not the sealed one (null: none there). */
export interface EntryDifference {
  index: number;
  sealed: SealedEntry | null;
  published: SealedEntry | null;
}
export interface DifferenceReport {
  differences: EntryDifference[];
  /** More positions differ than DIFFERENCES_SHOWN. */
  more: boolean;
  /** The site's sealed nodes did not hash up to the sealed root: it cannot show what was sealed. */
  inconsistent: boolean;
}

/**
 * When the published entries do not hash to the sealed root: walks down the tree sealed at close
 * from that root, asking the site only for the children of nodes that differ from the tree of the
 * published entries (one request per level, log2(n) in all), and names each position whose entry
 * changed, with what was sealed and what is published. Trusts nothing it fetches: every node is
 * checked against its parent, from the published root down, and every sealed entry against its
 * leaf hash, so a site cannot answer with anything but what it sealed.
 */
export async function locateDifferences(
  p: Publication,
  fetchNodes: FetchSealedNodes,
  options: HashOptions = {},
): Promise<DifferenceReport> {
  const contestId = p.contest.id;
  const published = buildMerkleTree(entryLeafHashes(contestId, p.entries, options), options);
  const sealedSize = p.seal.leafCount;
  const differences: EntryDifference[] = [];
  let more = false;
  if (published.root === p.seal.root) return { differences, more, inconsistent: false };
  const broken = (): DifferenceReport => ({ differences, more, inconsistent: true });

  if (sealedSize > 0) {
    // The sealed tree's level lengths, leaves first.
    const lengths = [sealedSize];
    while (lengths[lengths.length - 1]! > 1) lengths.push(Math.ceil(lengths[lengths.length - 1]! / 2));
    let frontier: Array<{ index: number; hash: string; entry?: SealedEntry }> = [{ index: 0, hash: p.seal.root }];
    for (let depth = lengths.length - 1; depth > 0 && frontier.length > 0; depth--) {
      const below = depth - 1;
      const wanted = frontier.flatMap((n) =>
        2 * n.index + 1 < lengths[below]! ? [2 * n.index, 2 * n.index + 1] : [2 * n.index],
      );
      const answer = await fetchNodes(below, wanted);
      if (answer.leafCount !== sealedSize || answer.depth !== below) return broken();
      const got = new Map(answer.nodes.map((n) => [n.index, n]));
      const next: typeof frontier = [];
      for (const parent of frontier) {
        const left = got.get(2 * parent.index);
        const right = 2 * parent.index + 1 < lengths[below]! ? got.get(2 * parent.index + 1) : undefined;
        if (left === undefined || (right === undefined && 2 * parent.index + 1 < lengths[below]!)) return broken();
        const joined = right === undefined ? left.hash : nodeHash(left.hash, right.hash);
        if (joined !== parent.hash) return broken();
        for (const child of right === undefined ? [left] : [left, right]) {
          if (below === 0 && (child.entry === undefined || leafHash(leafText(contestId, child.entry)) !== child.hash))
            return broken();
          if (published.node(below, child.index) !== child.hash) next.push(child);
        }
      }
      if (next.length > DIFFERENCES_SHOWN) {
        more = true;
        next.length = DIFFERENCES_SHOWN;
      }
      frontier = next;
    }
    // One sealed leaf: the root is the leaf, and it differs.
    if (lengths.length === 1 && frontier.length === 1) {
      const answer = await fetchNodes(0, [0]);
      const leaf = answer.nodes.find((n) => n.index === 0);
      if (
        leaf?.entry === undefined ||
        leaf.hash !== p.seal.root ||
        leafHash(leafText(contestId, leaf.entry)) !== leaf.hash
      )
        return broken();
      frontier = [leaf];
    }
    for (const leaf of frontier)
      differences.push({ index: leaf.index, sealed: leaf.entry ?? null, published: p.entries[leaf.index] ?? null });
  }
  // Entries published beyond the sealed list.
  for (let index = sealedSize; index < p.entries.length; index++) {
    if (differences.length >= DIFFERENCES_SHOWN) {
      more = true;
      break;
    }
    differences.push({ index, sealed: null, published: p.entries[index]! });
  }
  return { differences, more, inconsistent: false };
}

/** One difference in English, for the command-line script: which ticket, and which fields changed. */
export function describeDifference(d: EntryDifference): string {
  const where = `entry ${d.index + 1}`;
  const show = (e: SealedEntry) =>
    `ticket ${e.ticketId} of ${e.pseudonym} at (${e.x}, ${e.y}) confirmed ${e.confirmedAt}`;
  if (d.sealed === null) return `${where}: ${show(d.published!)} is published but was not sealed at close`;
  if (d.published === null) return `${where}: ${show(d.sealed)} was sealed at close but is not published`;
  if (d.sealed.ticketId !== d.published.ticketId)
    return `${where}: sealed ${show(d.sealed)}, published ${show(d.published)}`;
  const changed = differingFields(d).map(
    (f) => `${f} sealed ${String(d.sealed![f])}, published ${String(d.published![f])}`,
  );
  return `${where}: ticket ${d.sealed.ticketId}: ${changed.join('; ')}`;
}

/** The fields of an entry that differ between what was sealed and what is published. */
export function differingFields(d: EntryDifference): Array<keyof SealedEntry> {
  if (d.sealed === null || d.published === null) return [];
  return (['ticketId', 'pseudonym', 'x', 'y', 'confirmedAt'] as const).filter((f) => d.sealed![f] !== d.published![f]);
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
