import { z } from 'zod';
import { hex64, type SealedEntry, sealedEntrySchema } from './formats.ts';
import { buildMerkleTree, entryLeafHashes, type HashOptions, leafHash, leafText, nodeHash } from './merkle.ts';
import type { Publication } from './publication.ts';

// Which entry differs: the published list compared with the sealed tree, node by node.

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
