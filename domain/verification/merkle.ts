import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { LEAF_FORMAT, type SealedEntry } from './formats.ts';

// Hashing and the RFC 6962 Merkle tree of the sealed entry list.

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
