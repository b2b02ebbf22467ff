import { gamePictureSchema } from '../practice.ts';
import { z } from 'zod';
import { point, prizeSchema } from './winners.ts';

// A player's own entries, with their result, prize and claim.

export const myTicketSchema = z.object({
  id: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  status: z.enum(['reserved', 'confirmed']),
  /** After publishing only. */
  rank: z.number().int().nullable(),
  distance: z.number().nullable(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const taxSchema = z.object({
  grossPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  ratePercent: z.number(),
  thresholdPaise: z.number().int(),
  /**
   * Issue 26: a prize in kind's TDS is collected from the 'winner' before dispatch or borne by the
   * 'company'; null or absent for cash (withheld from the payout).
   */
  tdsPayer: z.enum(['winner', 'company']).nullable().optional(),
});
export type TaxBreakdown = z.infer<typeof taxSchema>;

export const claimStatusSchema = z.enum(['submitted', 'verified', 'sent']);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** What the winner sees back: status and masked values only. */
export const myClaimSchema = z.object({
  status: claimStatusSchema,
  submittedAt: z.string(),
  verifiedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  note: z.string().nullable(),
  masked: z.object({ fullName: z.string(), pan: z.string(), address: z.string(), payout: z.string().nullable() }),
  tax: taxSchema,
});
export type MyClaim = z.infer<typeof myClaimSchema>;

export const myEntrySchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  state: z.enum(['upcoming', 'open', 'closed', 'judging', 'judged', 'published', 'cancelled']),
  closesAt: z.string(),
  showAt: z.string(),
  picture: gamePictureSchema.nullable(),
  /** The ball's width in the picture, original px, for distances in ball widths; null without a picture. */
  ballWidth: z.number().int().positive().nullable(),
  prize: prizeSchema,
  tickets: z.array(myTicketSchema),
  /** The entry list is sealed (issue 12): each confirmed ticket has a receipt (GET /me/tickets/:ticketId/receipt). */
  sealed: z.boolean(),
  /** After publishing only. */
  judgedPoint: point.nullable(),
  entries: z.number().int().nullable(),
  isWinner: z.boolean(),
  /** For the winner: the tax on the prize (before and after claiming) and the claim if made. */
  tax: taxSchema.nullable(),
  claim: myClaimSchema.nullable(),
});
export type MyEntry = z.infer<typeof myEntrySchema>;

export const MY_ENTRIES_LIMIT = 20;
export const myEntriesSchema = z.object({ contests: z.array(myEntrySchema) });
export type MyEntries = z.infer<typeof myEntriesSchema>;
