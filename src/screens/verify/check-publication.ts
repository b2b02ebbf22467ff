// The check the public page runs, in its worker or on the page: shared so both run the same steps.
import {
  type DifferenceReport,
  type FetchSealedNodes,
  locateDifferences,
  type Publication,
  sealedNodesSchema,
  verifyPublication,
  type VerificationReport,
} from '../../../domain/verification.ts';

export interface VerificationResult {
  report: VerificationReport;
  /** Which entries differ from the ones sealed at close; null when the entries match their seal. */
  located: DifferenceReport | null;
}

/** The sealed tree's nodes from this site (plain fetch: the same code runs in the worker). */
export function sealedNodesFetcher(origin: string, contestId: string): FetchSealedNodes {
  return async (depth, indices) => {
    const url = `${origin}/api/v1/contests/${encodeURIComponent(contestId)}/seal/nodes?depth=${depth}&index=${indices.join(',')}`;
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return sealedNodesSchema.parse(((await res.json()) as { data: unknown }).data);
  };
}

/**
 * Checks the publication and, when its entries do not hash to the sealed root, walks the sealed
 * tree to name the entries that changed. A failed walk (network) leaves the verdict standing,
 * without names.
 */
export async function checkPublication(
  publication: Publication,
  fetchNodes: FetchSealedNodes,
): Promise<VerificationResult> {
  const report = verifyPublication(publication);
  const root = report.checks.find((check) => check.id === 'root');
  if (root?.ok !== false || root.detail?.code !== 'rootDiffers') return { report, located: null };
  try {
    return { report, located: await locateDifferences(publication, fetchNodes) };
  } catch {
    return { report, located: null };
  }
}
