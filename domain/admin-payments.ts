/**
 * The console's Payments and refunds area (server/routes/admin/payments.routes.ts): the counts of
 * paid, refunded and still-to-refund payments, and the payments newest first with their invoice and
 * credit note. Money is integer paise; instants are ISO 8601.
 */
import { z } from 'zod';
import { paymentStatusSchema } from './payments.ts';

export const ADMIN_PAYMENT_FILTERS = ['refunded', 'refundDue', 'success'] as const;
export type AdminPaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];

export const adminPaymentsQuerySchema = z.object({
  /** refunded: money gone back; refundDue: to go back (the gateway has not answered yet); success: paid, kept. */
  show: z.enum(ADMIN_PAYMENT_FILTERS).optional(),
  /** A Ref. No (or its start), as the player reads it out. */
  refNo: z.string().trim().toUpperCase().max(40).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

const documentSchema = z.object({ number: z.string(), issuedAt: z.string() });

export const adminPaymentSchema = z.object({
  id: z.string(),
  refNo: z.string(),
  txnId: z.string().nullable(),
  /** The spec's five statuses; a refund is its own record (refund) beside it. */
  status: paymentStatusSchema,
  amountPaise: z.number().int(),
  createdAt: z.string(),
  playerName: z.string(),
  contest: z.object({ id: z.string(), slot: z.enum(['A', 'B']), opensAt: z.string(), state: z.string() }),
  ticketCount: z.number().int(),
  /** GST state code of the place of supply; null for a payment from before it was asked. */
  placeOfSupply: z.string().nullable(),
  refund: z
    .object({
      amountPaise: z.number().int(),
      refundedAt: z.string(),
      refundId: z.string(),
      reason: z.string().nullable(),
    })
    .nullable(),
  /** Money to give back that the gateway has not refunded yet (the payments job retries). */
  refundDue: z.boolean(),
  invoice: documentSchema.nullable(),
  creditNote: documentSchema.nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsPageSchema = z.object({
  items: z.array(adminPaymentSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

const figureSchema = z.object({ count: z.number().int(), amountPaise: z.number().int() });

/** The counts at the top of the area: every successful payment, those refunded, those still to refund. */
export const adminPaymentCountsSchema = z.object({
  successful: figureSchema,
  refunded: figureSchema,
  refundDue: figureSchema,
  invoices: z.number().int(),
  creditNotes: z.number().int(),
});
export type AdminPaymentCounts = z.infer<typeof adminPaymentCountsSchema>;

export const adminPaymentIdParamsSchema = z.object({ id: z.uuid() });
