import { z } from 'zod';
import { hex64, RECEIPT_FORMAT, sealedEntrySchema } from './formats.ts';
import { leafHash, leafText, verifyInclusion } from './merkle.ts';

// Receipts: one entry's leaf and its audit path, checked against the sealed root.

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
