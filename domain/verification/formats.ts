import { z } from 'zod';

// The formats of what is sealed and published, and of the public seal endpoint.

export const LEAF_FORMAT = 'cricspot-leaf-v1';
export const RECEIPT_FORMAT = 'cricspot-receipt-v1';
export const PUBLICATION_FORMAT = 'cricspot-publication-v1';
export const ANSWER_FORMAT = 'cricspot-answer-v1';

export const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex SHA-256');

export const sealedEntrySchema = z.object({
  ticketId: z.string().min(1),
  pseudonym: z.string().min(1),
  x: z.number().int(),
  y: z.number().int(),
  /** ISO 8601 UTC with milliseconds, as Date.prototype.toISOString writes it. */
  confirmedAt: z.string(),
});
export type SealedEntry = z.infer<typeof sealedEntrySchema>;

/** GET /api/v1/contests/:id/seal: the sealed root (null before close) and the sealed answer's commitment (null unless decided by one). */
export const contestSealSchema = z.object({
  contestId: z.string(),
  state: z.string(),
  seal: z.object({ root: hex64, leafCount: z.number().int().nonnegative(), sealedAt: z.string() }).nullable(),
  commitment: z.object({ hash: hex64, committedAt: z.string() }).nullable(),
});
export type ContestSeal = z.infer<typeof contestSealSchema>;
