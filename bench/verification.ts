// Verification bench (issue 12): the Merkle tree and every receipt for a contest of 1M tickets
// (what the server does at the seal and for receipts), and verifyPublication on 100k entries
// (what the public page does in a browser; here in Node, the same code). Prints figures; asserts
// no timing. Sizes: BENCH_SEAL_SIZE (default 1,000,000) and BENCH_CHECK_SIZE (default 100,000).
import { hash } from 'node:crypto';
import { judgedMean, rankTickets } from '../domain/judging.ts';
import {
  buildMerkleTree,
  checkReceipt,
  compareEntries,
  entryLeafHashes,
  type HashOptions,
  type Publication,
  type Receipt,
  type SealedEntry,
  verifyPublication,
} from '../domain/verification.ts';

const SEAL_SIZE = Number(process.env.BENCH_SEAL_SIZE ?? 1_000_000);
const CHECK_SIZE = Number(process.env.BENCH_CHECK_SIZE ?? 100_000);
const WIDTH = 4000;
const HEIGHT = 3000;
const CONTEST = '6f1c2b9e-3f5d-4c8a-9e2b-7d4a1c0b5e6f';

function entries(n: number): SealedEntry[] {
  const start = Date.UTC(2026, 10, 23, 6, 30);
  return Array.from({ length: n }, (_, i) => ({
    ticketId: crypto.randomUUID(),
    pseudonym: (i % 20_000).toString(16).padStart(16, '0'),
    x: (i * 7919) % WIDTH,
    y: Math.floor(i / WIDTH) % HEIGHT,
    confirmedAt: new Date(start + Math.floor(i / 3)).toISOString(),
  })).sort(compareEntries);
}

const since = (t: number) => performance.now() - t;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

// ---------------------------------------------------------------- the seal and every receipt
const NATIVE: HashOptions = { sha256: (data) => hash('sha256', data, 'buffer') };
const sealList = entries(SEAL_SIZE);
for (const [name, options] of [['node:crypto (server)', NATIVE], ['@noble/hashes (browser code)', {}]] as const) {
  const list = sealList;
  const t0 = performance.now();
  const leaves = entryLeafHashes(CONTEST, list, options);
  const hashed = since(t0);
  const t1 = performance.now();
  const tree = buildMerkleTree(leaves, options);
  const built = since(t1);
  const t2 = performance.now();
  let proofNodes = 0;
  let sample: Receipt | null = null;
  for (let i = 0; i < list.length; i++) {
    const proof = tree.proof(i);
    proofNodes += proof.length;
    const receipt: Receipt = { format: 'cricspot-receipt-v1', contestId: CONTEST, entry: list[i]!, index: i, treeSize: tree.size, proof, root: tree.root, sealedAt: '2026-11-26T18:30:00.000Z' };
    if (i === list.length >> 1) sample = receipt;
  }
  const receipts = since(t2);
  const t3 = performance.now();
  const ok = checkReceipt(sample, tree.root).ok;
  const checkOne = since(t3);
  if (!ok) throw new Error('a receipt did not verify');
  console.log(`| ${SEAL_SIZE.toLocaleString('en')} tickets, ${name} | leaf hashes ${fmt(hashed)} | tree ${fmt(built)} | all receipts ${fmt(receipts)} (${(proofNodes / list.length).toFixed(1)} hashes each) | total ${fmt(hashed + built + receipts)} | one receipt checked ${fmt(checkOne)} |`);
}

// ---------------------------------------------------------------- the public check
{
  const list = entries(CHECK_SIZE);
  const marks = [{ x: 1800, y: 1200 }, { x: 1803, y: 1201 }, { x: 1801, y: 1205 }];
  const mean = judgedMean(marks);
  const ranked = rankTickets(list.map((e) => ({ id: e.ticketId, point: { x: e.x, y: e.y }, confirmedAt: new Date(e.confirmedAt) })), mean);
  const pseudonym = new Map(list.map((e) => [e.ticketId, e.pseudonym]));
  const publication: Publication = {
    format: 'cricspot-publication-v1',
    contest: { id: CONTEST, closesAt: '2026-11-26T18:29:59.999Z', publishedAt: '2026-11-27T16:15:00.000Z', picture: { width: WIDTH, height: HEIGHT } },
    seal: { root: buildMerkleTree(entryLeafHashes(CONTEST, list)).root, leafCount: list.length, sealedAt: '2026-11-26T18:30:00.000Z' },
    decidedBy: 'judges',
    judges: marks.map((m, i) => ({ name: `Judge ${i + 1}`, ...m })),
    judgedPoint: { x: mean.x, y: mean.y },
    sealedAnswer: null,
    entries: list,
    ranking: ranked.map((r) => ({ rank: r.rank, ticketId: r.ticket.id, distance: r.distance })),
    winner: { ticketId: ranked[0]!.ticket.id, pseudonym: pseudonym.get(ranked[0]!.ticket.id)! },
  };
  const json = JSON.stringify(publication);
  const t0 = performance.now();
  const report = verifyPublication(JSON.parse(json) as Publication);
  const checked = since(t0);
  if (!report.ok) throw new Error(`the publication did not verify: ${JSON.stringify(report.checks.filter((c) => !c.ok))}`);
  console.log(`| verifyPublication, ${CHECK_SIZE.toLocaleString('en')} entries | ${fmt(checked)} (parse + check) | file ${(json.length / 1e6).toFixed(1)} MB |`);
}
