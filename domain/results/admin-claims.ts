import { z } from 'zod';
import { type ClaimStatus, claimStatusSchema } from './my-entries.ts';

// The console's prize claims area.

export const adminClaimsQuerySchema = z.object({
  status: claimStatusSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminClaimsQuery = z.output<typeof adminClaimsQuerySchema>;

export const adminClaimRowSchema = z.object({
  id: z.string(),
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  showAt: z.string(),
  prizeTitle: z.string(),
  prizeKind: z.enum(['merchandise', 'cash']),
  /** Issue 26: a prize in kind's TDS payer, frozen with the claim; null for cash. */
  tdsPayer: z.enum(['winner', 'company']).nullable().optional(),
  winnerName: z.string(),
  state: z.string(),
  status: claimStatusSchema,
  grossPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  note: z.string().nullable(),
  submittedAt: z.string(),
  verifiedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type AdminClaimRow = z.infer<typeof adminClaimRowSchema>;
export const adminClaimsPageSchema = z.object({
  claims: z.array(adminClaimRowSchema),
  nextCursor: z.string().nullable(),
});
export type AdminClaimsPage = z.infer<typeof adminClaimsPageSchema>;

/** The decrypted details: read by an admin only, and every read is audited ('claim.view'). */
export const adminClaimDetailSchema = adminClaimRowSchema.extend({
  email: z.string(),
  phone: z.string(),
  details: z.object({
    fullName: z.string(),
    pan: z.string(),
    address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), pin: z.string() }),
    /** Absent for a prize in kind: it is delivered to the address. */
    payout: z
      .union([
        z.object({ method: z.literal('upi'), upiId: z.string() }),
        z.object({ method: z.literal('bank'), accountNumber: z.string(), ifsc: z.string() }),
      ])
      .optional(),
  }),
});
export type AdminClaimDetail = z.infer<typeof adminClaimDetailSchema>;

export const claimIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const CLAIM_NOTE_MAX = 500;
export const claimStatusChangeSchema = z.object({
  status: claimStatusSchema,
  note: z.string().trim().max(CLAIM_NOTE_MAX).optional(),
});
export type ClaimStatusChange = z.output<typeof claimStatusChangeSchema>;

/** Forward only: a claim is verified, then the prize is sent. */
export const CLAIM_NEXT_STATUS: Record<ClaimStatus, ClaimStatus | null> = {
  submitted: 'verified',
  verified: 'sent',
  sent: null,
};

/** The TDS rule as the console reads and sets it (Admin > Prize claims). */
export const tdsSettingsSchema = z.object({
  rateBp: z
    .number({ error: 'Enter the rate as a percentage' })
    .int('Enter the rate with at most 2 decimals')
    .min(0, 'The rate is between 0% and 100%')
    .max(10_000, 'The rate is between 0% and 100%'),
  thresholdPaise: z
    .number({ error: 'Enter the threshold in rupees' })
    .int('Enter the threshold in whole paise')
    .min(0, 'The threshold cannot be negative')
    .max(100_000_000_000, 'The threshold is too large'),
});
export type TdsSettings = z.infer<typeof tdsSettingsSchema>;

/**
 * A public result's winner who has not claimed the prize yet (no prize_claims row), for the
 * console's "Not claimed yet" list. The winner is named as the winners' pages name them.
 */
export const unclaimedWinnerSchema = z.object({
  contestId: z.string(),
  /** '2026-11-26-B': the console names the contest from it (slot and opening day). */
  windowKey: z.string(),
  slot: z.enum(['A', 'B']),
  winnerName: z.string(),
  prizeTitle: z.string(),
  prizeKind: z.enum(['merchandise', 'cash']),
  prizeValuePaise: z.number().int(),
  publishedAt: z.string(),
  showAt: z.string(),
  /** When players could first see the result: the later of its publication and its show's start. */
  publicSince: z.string(),
  /** Whole days since publicSince, by the server's clock. */
  daysAgo: z.number().int().min(0),
});
export type UnclaimedWinner = z.infer<typeof unclaimedWinnerSchema>;
export const unclaimedWinnersSchema = z.object({ winners: z.array(unclaimedWinnerSchema) });
export type UnclaimedWinners = z.infer<typeof unclaimedWinnersSchema>;
