import { z } from 'zod';
import { paidPlayReasonSchema } from './contests.ts';
import { indianStateSchema } from './location.ts';

/**
 * What the site does under its current settings, for the texts that must agree with it (the
 * rules, terms, FAQ and how-to-play pages): the paid-play switch and the bill's rates.
 */
export const siteSettingsSchema = z.object({
  /** Whether paid tickets can be bought now: the console's switch is on and a gateway is configured. */
  paidPlay: z.boolean(),
  /** Why not, when the switch is on (domain/contests.ts paidPlayReasonSchema). */
  paidPlayReason: paidPlayReasonSchema.optional(),
  billing: z.object({
    /** GST included in the entry price, in basis points (4000 = 40%). */
    entryGstBasisPoints: z.number().int(),
    /** The day that rate took effect, YYYY-MM-DD. */
    entryGstSince: z.string(),
    /** GST on the platform fee, in basis points. */
    feeGstBasisPoints: z.number().int(),
    platformFeePaisePerTicket: z.number().int(),
    /**
     * A ticket price the rules use as their example (the current contest's when it has one, else
     * the scheduled contests' default) and its all-in price (domain/money.ts allInTicketPrice).
     */
    examplePricePaise: z.number().int(),
    exampleAllInPaise: z.number().int(),
  }),
  /** The play gate: where contests are refused now, and how long a location check holds. */
  location: z.object({
    restrictedStates: z.array(indianStateSchema),
    checkMinutes: z.number().int(),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
