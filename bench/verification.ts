// Verification bench (issue 12): the Merkle tree and every receipt for a contest of 1M tickets
// (what the server does at the seal and for receipts), and verifyPublication on 100k entries
// (what the public page does in a browser; here in Node, the same code). Prints figures; asserts
// no timing. Sizes: BENCH_SEAL_SIZE (default 1,000,000) and BENCH_CHECK_SIZE (default 100,000).
import { hash } from 'node:crypto';
import {
  buildMerkleTree,
  checkReceipt,
  entryLeafHashes,
  type HashOptions,
  type Receipt,
  verifyPublication,
} from '../domain/verification.ts';

import { BENCH_CONTEST, benchEntries, benchPublication } from './support/publication.ts';

const SEAL_SIZE = Number(process.env.BENCH_SEAL_SIZE ?? 1_000_000);
const CHECK_SIZE = Number(process.env.BENCH_CHECK_SIZE ?? 100_000);
const since = (t: number) => performance.now() - t;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

// ---------------------------------------------------------------- the seal and every receipt
const NATIVE: HashOptions = { sha256: (data) => hash('sha256', data, 'buffer') };
const sealList = benchEntries(SEAL_SIZE);
for (const [name, options] of [
  ['node:crypto (server)', NATIVE],
  ['@noble/hashes (browser code)', {}],
] as const) {
  const list = sealList;
  const t0 = performance.now();
  const leaves = entryLeafHashes(BENCH_CONTEST, list, options);
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
    const receipt: Receipt = {
      format: 'cricspot-receipt-v1',
      contestId: BENCH_CONTEST,
      entry: list[i]!,
      index: i,
      treeSize: tree.size,
      proof,
      root: tree.root,
      sealedAt: '2026-11-26T18:30:00.000Z',
    };
    if (i === list.length >> 1) sample = receipt;
  }
  const receipts = since(t2);
  const t3 = performance.now();
  const ok = checkReceipt(sample, tree.root).ok;
  const checkOne = since(t3);
  if (!ok) throw new Error('a receipt did not verify');
  console.log(
    `| ${SEAL_SIZE.toLocaleString('en')} tickets, ${name} | leaf hashes ${fmt(hashed)} | tree ${fmt(built)} | all receipts ${fmt(receipts)} (${(proofNodes / list.length).toFixed(1)} hashes each) | total ${fmt(hashed + built + receipts)} | one receipt checked ${fmt(checkOne)} |`,
  );
}

// ---------------------------------------------------------------- the public check
{
  const publication = benchPublication(CHECK_SIZE);
  const json = JSON.stringify(publication);
  const t0 = performance.now();
  const report = verifyPublication(JSON.parse(json) as typeof publication);
  const checked = since(t0);
  if (!report.ok)
    throw new Error(`the publication did not verify: ${JSON.stringify(report.checks.filter((c) => !c.ok))}`);
  console.log(
    `| verifyPublication, ${CHECK_SIZE.toLocaleString('en')} entries | ${fmt(checked)} (parse + check) | file ${(json.length / 1e6).toFixed(1)} MB |`,
  );
}
