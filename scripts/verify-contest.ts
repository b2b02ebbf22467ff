// `npm run verify:contest -- <siteUrl> <contestId> [--receipt receipt.json]`
//
// Checks a published contest result from a site's public files alone, for anyone who trusts no
// web page (issue 12): downloads the publication and the seal, recomputes the Merkle root from
// the entries, the judged point from the judges' marks (or the revealed sealed answer against
// its commitment), every distance, the ranking and the winner (domain/verification.ts, the same
// code as the public page), and with --receipt checks that a ticket's receipt is in the tree.
// Prints "verified" (exit 0) or each check that fails with the published and the recomputed figure (exit 1).
import { readFileSync } from 'node:fs';
import {
  checkReceipt,
  contestSealSchema,
  describeDetail,
  describeDifference,
  locateDifferences,
  publicationSchema,
  sealedNodesSchema,
  verifyPublication,
} from '../domain/verification.ts';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run verify:contest -- <siteUrl> <contestId> [--receipt receipt.json]');
  process.exit(2);
}

const args = process.argv.slice(2);
const receiptAt = args.indexOf('--receipt');
const receiptFile = receiptAt >= 0 ? args[receiptAt + 1] : undefined;
if (receiptAt >= 0 && !receiptFile) usage('--receipt needs a file');
const [siteUrl, contestId] = args.filter((_, i) => receiptAt < 0 || (i !== receiptAt && i !== receiptAt + 1));
if (!siteUrl || !contestId) usage();

const api = (path: string) => new URL(`/api/v1/contests/${encodeURIComponent(contestId)}${path}`, siteUrl).toString();

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: show the text as it came
    }
    throw new Error(`${url}: HTTP ${res.status}: ${message}`);
  }
  return JSON.parse(text) as unknown;
}

let failed = false;
const fail = (line: string) => {
  failed = true;
  console.log(`FAIL ${line}`);
};

try {
  const publication = publicationSchema.parse(await fetchJson(api('/publication/file')));
  const seal = contestSealSchema.parse(((await fetchJson(api('/seal'))) as { data: unknown }).data);
  console.log(
    `contest ${publication.contest.id}: ${publication.entries.length} entries, decided by ${publication.decidedBy}, published ${publication.contest.publishedAt}`,
  );
  console.log(`sealed root ${publication.seal.root} at ${publication.seal.sealedAt}`);

  // The root the site shows on the contest page must be the one in the file.
  if (seal.seal?.root !== publication.seal.root)
    fail(`seal endpoint: expected root ${publication.seal.root}, found ${seal.seal?.root ?? 'none'}`);
  if (publication.sealedAnswer && seal.commitment && seal.commitment.hash !== publication.sealedAnswer.commitment) {
    fail(`seal endpoint: expected commitment ${publication.sealedAnswer.commitment}, found ${seal.commitment.hash}`);
  }

  const report = verifyPublication(publication);
  for (const check of report.checks) {
    if (check.ok) {
      console.log(`ok   ${check.id}`);
      continue;
    }
    const parts = [
      check.published !== undefined ? `published ${check.published}` : '',
      check.recomputed !== undefined ? `recomputed ${check.recomputed}` : '',
      check.detail ? describeDetail(check.detail) : '',
    ].filter(Boolean);
    fail(`${check.id}: ${parts.join('; ')}`);
  }

  // The entries do not hash to the sealed root: walk down the sealed tree to name which differ.
  const root = report.checks.find((c) => c.id === 'root');
  if (root && !root.ok && root.detail?.code === 'rootDiffers') {
    const fetchNodes = async (depth: number, indices: number[]) =>
      sealedNodesSchema.parse(
        ((await fetchJson(api(`/seal/nodes?depth=${depth}&index=${indices.join(',')}`))) as { data: unknown }).data,
      );
    const located = await locateDifferences(publication, fetchNodes);
    if (located.inconsistent)
      fail(
        "seal nodes: the site's sealed tree does not lead to the sealed root, so the sealed entries cannot be shown",
      );
    for (const difference of located.differences) fail(describeDifference(difference));
    if (located.more) fail(`more entries differ than the ${located.differences.length} shown`);
  }

  if (receiptFile) {
    const raw = JSON.parse(readFileSync(receiptFile, 'utf8')) as unknown;
    // A receipt as downloaded, or the API's { data: receipt } envelope.
    const receipt = raw && typeof raw === 'object' && 'data' in raw ? (raw as { data: unknown }).data : raw;
    const result = checkReceipt(receipt, publication.seal.root);
    if (result.ok)
      console.log(
        `ok   receipt: ticket ${(receipt as { entry: { ticketId: string } }).entry.ticketId} is in the sealed entry list`,
      );
    else
      fail(
        `receipt: ${result.problem === 'format' ? 'not a cricspot receipt' : result.problem === 'proof' ? 'its proof does not lead to its root' : 'it belongs to another root than the published one'}`,
      );
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

console.log(failed ? 'NOT verified' : 'verified');
process.exit(failed ? 1 : 0);
