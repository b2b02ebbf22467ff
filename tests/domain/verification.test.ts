import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerCommitment,
  buildMerkleTree,
  checkReceipt,
  compareEntries,
  EMPTY_ROOT,
  entryLeafHashes,
  inclusionProof,
  leafHash,
  leafText,
  merkleRoot,
  nodeHash,
  verifyInclusion,
  verifyPublication,
  DIFFERENCES_SHOWN,
  describeDetail,
  describeDifference,
  locateDifferences,
  type Publication,
  type SealedEntry,
} from '../../domain/verification.ts';
import { entry, publication, receiptsFor, sealedNodesOf } from '../support/verification-fixtures.ts';

const sha = (...parts: Buffer[]): string => createHash('sha256').update(Buffer.concat(parts)).digest('hex');
const refLeaf = (text: string): string => sha(Buffer.from([0]), Buffer.from(text, 'utf8'));
const refNode = (l: string, r: string): string => sha(Buffer.from([1]), Buffer.from(l, 'hex'), Buffer.from(r, 'hex'));

/** RFC 6962 section 2.1 written literally, as the reference. */
function refMth(leaves: string[]): string {
  if (leaves.length === 0) return sha(Buffer.alloc(0));
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return refNode(refMth(leaves.slice(0, k)), refMth(leaves.slice(k)));
}
function refPath(m: number, leaves: string[]): string[] {
  if (leaves.length <= 1) return [];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return m < k
    ? [...refPath(m, leaves.slice(0, k)), refMth(leaves.slice(k))]
    : [...refPath(m - k, leaves.slice(k)), refMth(leaves.slice(0, k))];
}

// The RFC 6962 test leaves (certificate-transparency-go merkle tests), as raw byte inputs.
const RFC_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const rfcLeafHash = (hexInput: string): string => sha(Buffer.from([0]), Buffer.from(hexInput, 'hex'));
// Published roots of the first 1..8 of those leaves (RFC 6962 reference implementation tests).
const RFC_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

describe('hashing: fixed vectors', () => {
  it('the empty tree is the SHA-256 of the empty string', () => {
    expect(EMPTY_ROOT).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(merkleRoot([])).toBe(EMPTY_ROOT);
  });

  it('matches the RFC 6962 reference roots for 1..8 leaves', () => {
    const hashes = RFC_INPUTS.map(rfcLeafHash);
    for (let n = 1; n <= 8; n++) expect(merkleRoot(hashes.slice(0, n))).toBe(RFC_ROOTS[n - 1]);
  });

  it('leaf and node hashes carry the RFC 6962 domain separation bytes', () => {
    const text = leafText('c1', entry(1));
    expect(text).toBe(`cricspot-leaf-v1|c1|t0001|p2|37|91|2026-11-25T06:00:00.003Z`);
    expect(leafHash(text)).toBe(refLeaf(text));
    const a = leafHash('a');
    const b = leafHash('b');
    expect(nodeHash(a, b)).toBe(refNode(a, b));
  });

  it('the answer commitment is SHA-256 of its documented text', () => {
    expect(answerCommitment(512, 300, 'ab12')).toBe(sha(Buffer.from('cricspot-answer-v1|512|300|ab12')));
  });
});

describe('trees of 0..40 leaves agree with RFC 6962 written literally', () => {
  it('roots, audit paths and verification', () => {
    for (let n = 0; n <= 40; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leafHash(`leaf ${i}`));
      const tree = buildMerkleTree(leaves);
      expect(tree.root).toBe(refMth(leaves));
      for (let m = 0; m < n; m++) {
        const proof = tree.proof(m);
        expect(proof).toEqual(refPath(m, leaves));
        expect(inclusionProof(leaves, m)).toEqual(proof);
        expect(verifyInclusion({ leafHash: leaves[m]!, index: m, treeSize: n, proof }, tree.root)).toBe(true);
        // the wrong index, size, leaf or a truncated path fails
        if (n > 1) {
          expect(verifyInclusion({ leafHash: leaves[m]!, index: (m + 1) % n, treeSize: n, proof }, tree.root)).toBe(
            false,
          );
          expect(verifyInclusion({ leafHash: leaves[(m + 1) % n]!, index: m, treeSize: n, proof }, tree.root)).toBe(
            false,
          );
          expect(
            verifyInclusion({ leafHash: leaves[m]!, index: m, treeSize: n, proof: proof.slice(1) }, tree.root),
          ).toBe(false);
        }
      }
    }
  });
});

describe('properties', () => {
  const entries = Array.from({ length: 23 }, (_, i) => entry(i)).sort(compareEntries);
  const root = buildMerkleTree(entryLeafHashes('c1', entries)).root;

  it('any change to any field of any entry changes the root', () => {
    const changes: ((e: SealedEntry) => SealedEntry)[] = [
      (e) => ({ ...e, ticketId: `${e.ticketId}x` }),
      (e) => ({ ...e, pseudonym: `${e.pseudonym}0` }),
      (e) => ({ ...e, x: e.x + 1 }),
      (e) => ({ ...e, y: e.y - 1 }),
      (e) => ({ ...e, confirmedAt: new Date(Date.parse(e.confirmedAt) + 1).toISOString() }),
    ];
    for (let i = 0; i < entries.length; i++) {
      for (const change of changes) {
        const changed = entries.map((e, j) => (j === i ? change(e) : e));
        expect(buildMerkleTree(entryLeafHashes('c1', changed)).root).not.toBe(root);
      }
    }
    expect(buildMerkleTree(entryLeafHashes('c2', entries)).root).not.toBe(root);
    expect(buildMerkleTree(entryLeafHashes('c1', entries.slice(1))).root).not.toBe(root);
  });

  it('every receipt verifies, and against the published root', () => {
    for (const r of receiptsFor('c1', entries)) expect(checkReceipt(r, root)).toEqual({ ok: true, problem: null });
  });

  it('a forged receipt fails, and says why', () => {
    const r = receiptsFor('c1', entries)[5]!;
    expect(checkReceipt({ ...r, entry: { ...r.entry, x: r.entry.x + 1 } }, root).problem).toBe('proof');
    expect(checkReceipt({ ...r, index: 6 }, root).problem).toBe('proof');
    expect(checkReceipt({ ...r, proof: [...r.proof].reverse() }, root).problem).toBe('proof');
    expect(checkReceipt({ ...r, format: 'other' }, root).problem).toBe('format');
    expect(checkReceipt('nonsense').problem).toBe('format');
    // a self-consistent receipt from another tree does not match the published root
    const other = receiptsFor('c1', [...entries, entry(99)])[5]!;
    expect(checkReceipt(other).ok).toBe(true);
    expect(checkReceipt(other, root).problem).toBe('root');
  });
});

const failing = (p: Publication): string[] =>
  verifyPublication(p)
    .checks.filter((c) => !c.ok)
    .map((c) => c.id);

describe('verifyPublication', () => {
  const marks = [
    { x: 500, y: 300 },
    { x: 503, y: 301 },
    { x: 499, y: 305 },
  ];
  const good = publication(
    Array.from({ length: 57 }, (_, i) => entry(i)),
    marks,
  );

  it('a true publication is verified', () => {
    const report = verifyPublication(good);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual([
      'root',
      'leafCount',
      'judgedPoint',
      'distances',
      'ranking',
      'winner',
    ]);
  });

  it('a changed entry fails the root and names it', () => {
    const p = { ...good, entries: good.entries.map((e, i) => (i === 10 ? { ...e, x: e.x + 1 } : e)) };
    const report = verifyPublication(p);
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.id === 'root')).toMatchObject({ ok: false, published: good.seal.root });
  });

  it('a changed judge mark fails the judged point', () => {
    const p = { ...good, judges: good.judges.map((j, i) => (i === 0 ? { ...j, x: j.x + 3 } : j)) };
    expect(failing(p)).toContain('judgedPoint');
  });

  it('a changed figure fails the distances, naming the ticket', () => {
    const p = { ...good, ranking: good.ranking.map((r, i) => (i === 4 ? { ...r, distance: r.distance + 0.5 } : r)) };
    const report = verifyPublication(p);
    expect(failing(p)).toEqual(['distances']);
    expect(report.checks.find((c) => c.id === 'distances')!.detail).toEqual({
      code: 'ticket',
      ticketId: good.ranking[4]!.ticketId,
    });
  });

  it('a swapped ranking fails the ranking', () => {
    const r = good.ranking.map((row) => ({ ...row }));
    [r[2]!.ticketId, r[3]!.ticketId] = [r[3]!.ticketId, r[2]!.ticketId];
    [r[2]!.distance, r[3]!.distance] = [r[3]!.distance, r[2]!.distance];
    expect(failing({ ...good, ranking: r })).toEqual(['ranking']);
  });

  it('a different winner fails the winner', () => {
    const other = good.entries.find((e) => e.ticketId !== good.winner!.ticketId)!;
    expect(failing({ ...good, winner: { ticketId: other.ticketId, pseudonym: other.pseudonym } })).toEqual(['winner']);
  });

  it('a changed leaf count or seal root fails', () => {
    expect(failing({ ...good, seal: { ...good.seal, leafCount: 58 } })).toEqual(['leafCount']);
    expect(failing({ ...good, seal: { ...good.seal, root: EMPTY_ROOT } })).toEqual(['root']);
  });

  it('a sealed answer is checked against its commitment', () => {
    const salt = '9f'.repeat(16);
    const base = publication(good.entries, [{ x: 640, y: 410 }]);
    const p: Publication = {
      ...base,
      decidedBy: 'sealedAnswer',
      judges: [],
      sealedAnswer: {
        commitment: answerCommitment(640, 410, salt),
        committedAt: '2026-11-23T06:30:00.000Z',
        x: 640,
        y: 410,
        salt,
      },
    };
    expect(verifyPublication(p).ok).toBe(true);
    expect(failing({ ...p, sealedAnswer: { ...p.sealedAnswer!, salt: 'ff' } })).toEqual(['commitment']);
    expect(failing({ ...p, sealedAnswer: { ...p.sealedAnswer!, x: 641 } })).toEqual(
      expect.arrayContaining(['commitment', 'judgedPoint']),
    );
  });

  it('an empty contest verifies with no winner', () => {
    const p = publication([], marks);
    expect(p.seal.root).toBe(EMPTY_ROOT);
    expect(verifyPublication(p).ok).toBe(true);
  });
});

describe('naming the entries that changed after close', () => {
  const marks = [{ x: 400, y: 300 }];
  const sizes = [1, 2, 3, 5, 8, 13, 64, 100, 257];

  it('walks the sealed tree to the one entry that was moved, at any position of any size of list', async () => {
    for (const n of sizes) {
      const good = publication(
        Array.from({ length: n }, (_, i) => entry(i)),
        marks,
      );
      for (const at of new Set([0, Math.floor(n / 2), n - 1])) {
        const requests: Array<{ depth: number; indices: number[] }> = [];
        const moved = { ...good, entries: good.entries.map((e, i) => (i === at ? { ...e, x: e.x + 1 } : e)) };
        const located = await locateDifferences(moved, sealedNodesOf('c9', good.entries, requests));
        expect(located).toEqual({
          differences: [{ index: at, sealed: good.entries[at], published: moved.entries[at] }],
          more: false,
          inconsistent: false,
        });
        // One request per level, two nodes at most each.
        expect(requests.length).toBeLessThanOrEqual(Math.max(1, Math.ceil(Math.log2(n))));
        expect(requests.every((r) => r.indices.length <= 2)).toBe(true);
        expect(describeDifference(located.differences[0]!)).toBe(
          `entry ${at + 1}: ticket ${good.entries[at]!.ticketId}: x sealed ${good.entries[at]!.x}, published ${good.entries[at]!.x + 1}`,
        );
      }
    }
  });

  it('names entries added after the seal, removed ones, and stops after the first few when many differ', async () => {
    const sealed = Array.from({ length: 20 }, (_, i) => entry(i));
    const good = publication(sealed, marks);
    const extra = entry(20);
    const added = await locateDifferences(
      { ...good, entries: [...good.entries, extra] },
      sealedNodesOf('c9', good.entries),
    );
    expect(added.differences).toEqual([{ index: 20, sealed: null, published: extra }]);
    expect(describeDifference(added.differences[0]!)).toContain('is published but was not sealed at close');

    const removedLast = await locateDifferences(
      { ...good, entries: good.entries.slice(0, 19) },
      sealedNodesOf('c9', good.entries),
    );
    expect(removedLast.differences).toEqual([{ index: 19, sealed: good.entries[19], published: null }]);

    // Removing the first entry shifts every later one: the first DIFFERENCES_SHOWN are named.
    const shifted = await locateDifferences(
      { ...good, entries: good.entries.slice(1) },
      sealedNodesOf('c9', good.entries),
    );
    expect(shifted.differences).toHaveLength(DIFFERENCES_SHOWN);
    expect(shifted.differences[0]).toEqual({ index: 0, sealed: good.entries[0], published: good.entries[1] });
    expect(shifted.more).toBe(true);
  });

  it('finds nothing when the entries match, and trusts no node that does not hash up to the sealed root', async () => {
    const good = publication(
      Array.from({ length: 9 }, (_, i) => entry(i)),
      marks,
    );
    expect(await locateDifferences(good, () => Promise.reject(new Error('not asked')))).toEqual({
      differences: [],
      more: false,
      inconsistent: false,
    });

    const moved = { ...good, entries: good.entries.map((e, i) => (i === 4 ? { ...e, y: e.y + 3 } : e)) };
    // A site that answers with the tampered list's nodes instead of the sealed ones.
    const lying = await locateDifferences(moved, sealedNodesOf('c9', moved.entries));
    expect(lying.inconsistent).toBe(true);
    // A site that sends the right hash with another entry at the leaf.
    const honest = sealedNodesOf('c9', good.entries);
    const wrongEntry = await locateDifferences(moved, async (depth, indices) => {
      const answer = await honest(depth, indices);
      return depth === 0
        ? { ...answer, nodes: answer.nodes.map((n) => ({ ...n, entry: { ...n.entry!, y: n.entry!.y + 3 } })) }
        : answer;
    });
    expect(wrongEntry.inconsistent).toBe(true);
  });

  it('spells each failed check out for the script', () => {
    const good = publication(
      Array.from({ length: 6 }, (_, i) => entry(i)),
      marks,
    );
    const report = verifyPublication({
      ...good,
      entries: good.entries.map((e, i) => (i === 2 ? { ...e, x: e.x + 1 } : e)),
    });
    const root = report.checks.find((c) => c.id === 'root')!;
    expect(describeDetail(root.detail!)).toBe('the entries do not hash to the sealed root');
    expect(describeDetail({ code: 'rank', rank: 3 })).toBe('rank 3');
  });
});
