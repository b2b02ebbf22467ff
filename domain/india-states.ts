import { z } from 'zod';
import { isGstStateCode } from './india-state-list.ts';

export * from './india-state-list.ts';

export const SUPPLY_STATE_MESSAGES = {
  required: 'Choose your state',
} as const;

/** A GST state code from the list above. */
export const gstStateCodeSchema = z
  .string({ error: SUPPLY_STATE_MESSAGES.required })
  .refine(isGstStateCode, { error: SUPPLY_STATE_MESSAGES.required });

/** PUT /api/v1/account/supply-state. */
export const supplyStateBodySchema = z.object({ stateCode: gstStateCodeSchema });

/**
 * GET /api/v1/account/supply-state: the state on record (null until the player gives it) and the
 * one the session's location check found, offered as the default.
 */
export const supplyStateAnswerSchema = z.object({
  stateCode: z.string().nullable(),
  suggested: z.string().nullable(),
  /** The seller's state: the same state is CGST + SGST on the invoice, any other IGST. */
  sellerState: z.string(),
});
export type SupplyStateAnswer = z.infer<typeof supplyStateAnswerSchema>;
