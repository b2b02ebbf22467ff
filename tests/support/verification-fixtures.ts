import { judgedPoint, rankTickets } from '../../domain/judging.ts';
import {
  buildMerkleTree,
  compareEntries,
  entryLeafHashes,
  type FetchSealedNodes,
  type Publication,
  type Receipt,
  type SealedEntry,
} from '../../domain/verification.ts';

// Sealed entries, receipts and publications built with the domain's own functions, for the
// domain tests of the check and the screens that show it.

export function entry(i: number, over: Partial<SealedEntry> = {}): SealedEntry {
  return {
    ticketId: `t${String(i).padStart(4, '0')}`,
    pseudonym: `p${(i * 7919) % 13}`,
    x: (i * 37) % 1000,
    y: (i * 91) % 700,
    confirmedAt: new Date(Date.UTC(2026, 10, 25, 6, 0, 0, i * 3)).toISOString(),
    ...over,
  };
}

export function receiptsFor(contestId: string, entries: SealedEntry[]): Receipt[] {
  const tree = buildMerkleTree(entryLeafHashes(contestId, entries));
  return entries.map((e, index) => ({
    format: 'cricspot-receipt-v1',
    contestId,
    entry: e,
    index,
    treeSize: entries.length,
    proof: tree.proof(index),
    root: tree.root,
    sealedAt: '2026-11-25T18:30:00.000Z',
  }));
}

export function publication(entries: SealedEntry[], marks: { x: number; y: number }[]): Publication {
  const sorted = [...entries].sort(compareEntries);
  const seal = {
    root: buildMerkleTree(entryLeafHashes('c9', sorted)).root,
    leafCount: sorted.length,
    sealedAt: '2026-11-25T18:30:00.000Z',
  };
  const point = judgedPoint(marks);
  const ranked = rankTickets(
    sorted.map((e) => ({ id: e.ticketId, point: { x: e.x, y: e.y }, confirmedAt: new Date(e.confirmedAt) })),
    {
      ...point,
      sumX: marks.reduce((s, m) => s + m.x, 0),
      sumY: marks.reduce((s, m) => s + m.y, 0),
      count: marks.length,
    },
  );
  const first = ranked[0];
  return {
    format: 'cricspot-publication-v1',
    contest: {
      id: 'c9',
      closesAt: '2026-11-25T18:29:59.999Z',
      publishedAt: '2026-11-26T15:30:00.000Z',
      picture: { width: 1200, height: 800 },
    },
    seal,
    decidedBy: 'judges',
    judges: marks.map((m, i) => ({ name: `Judge ${i + 1}`, ...m })),
    judgedPoint: point,
    sealedAnswer: null,
    entries: sorted,
    ranking: ranked.map((r) => ({ rank: r.rank, ticketId: r.ticket.id, distance: r.distance })),
    winner: first
      ? { ticketId: first.ticket.id, pseudonym: sorted.find((e) => e.ticketId === first.ticket.id)!.pseudonym }
      : null,
  };
}

/** The site's answer to GET .../seal/nodes for a contest sealed with these entries (as the server builds it), recording each request. */
export function sealedNodesOf(
  contestId: string,
  sealed: SealedEntry[],
  requests: Array<{ depth: number; indices: number[] }> = [],
): FetchSealedNodes {
  const tree = buildMerkleTree(entryLeafHashes(contestId, sealed));
  return (depth, indices) => {
    requests.push({ depth, indices });
    const nodes = indices.map((index) => {
      const hash = tree.node(depth, index);
      if (hash === undefined) throw new Error(`no node ${depth}/${index}`);
      return depth === 0 ? { index, hash, entry: sealed[index]! } : { index, hash };
    });
    return Promise.resolve({ leafCount: sealed.length, depth, nodes });
  };
}
