// A contest's sealed entries and its publication, made with the domain's own functions, for the
// verification benches (Node and browser).
import { judgedMean, rankTickets } from '../../domain/judging.ts';
import {
  buildMerkleTree,
  compareEntries,
  entryLeafHashes,
  type Publication,
  type SealedEntry,
} from '../../domain/verification.ts';

export const WIDTH = 4000;
export const HEIGHT = 3000;
export const BENCH_CONTEST = '6f1c2b9e-3f5d-4c8a-9e2b-7d4a1c0b5e6f';

export function benchEntries(n: number): SealedEntry[] {
  const start = Date.UTC(2026, 10, 23, 6, 30);
  return Array.from({ length: n }, (_, i) => ({
    ticketId: crypto.randomUUID(),
    pseudonym: (i % 20_000).toString(16).padStart(16, '0'),
    x: (i * 7919) % WIDTH,
    y: Math.floor(i / WIDTH) % HEIGHT,
    confirmedAt: new Date(start + Math.floor(i / 3)).toISOString(),
  })).sort(compareEntries);
}

/** A published contest of n entries, three judges, every figure right. */
export function benchPublication(n: number): Publication {
  const list = benchEntries(n);
  const marks = [
    { x: 1800, y: 1200 },
    { x: 1803, y: 1201 },
    { x: 1801, y: 1205 },
  ];
  const mean = judgedMean(marks);
  const ranked = rankTickets(
    list.map((e) => ({ id: e.ticketId, point: { x: e.x, y: e.y }, confirmedAt: new Date(e.confirmedAt) })),
    mean,
  );
  const pseudonym = new Map(list.map((e) => [e.ticketId, e.pseudonym]));
  return {
    format: 'cricspot-publication-v1',
    contest: {
      id: BENCH_CONTEST,
      closesAt: '2026-11-26T18:29:59.999Z',
      publishedAt: '2026-11-27T16:15:00.000Z',
      picture: { width: WIDTH, height: HEIGHT },
    },
    seal: {
      root: buildMerkleTree(entryLeafHashes(BENCH_CONTEST, list)).root,
      leafCount: list.length,
      sealedAt: '2026-11-26T18:30:00.000Z',
    },
    decidedBy: 'judges',
    judges: marks.map((m, i) => ({ name: `Judge ${i + 1}`, ...m })),
    judgedPoint: { x: mean.x, y: mean.y },
    sealedAnswer: null,
    entries: list,
    ranking: ranked.map((r) => ({ rank: r.rank, ticketId: r.ticket.id, distance: r.distance })),
    winner: { ticketId: ranked[0]!.ticket.id, pseudonym: pseudonym.get(ranked[0]!.ticket.id)! },
  };
}
