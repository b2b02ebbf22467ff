import { contestStateSchema } from '../contests.ts';
import { z } from 'zod';

/**
 * The ticket counters check (POST /admin/contests/counters/check): each contest whose tickets can
 * still change (not published, not cancelled), its counters against its tickets. The counters are
 * what every page and purchase reads; the tickets are the truth they are kept from.
 */
export const contestCountersSchema = z.object({
  contestId: z.string(),
  windowKey: z.string(),
  slot: z.enum(['A', 'B']),
  state: contestStateSchema,
  opensAt: z.string(),
  closesAt: z.string(),
  /** The counter: reserved plus confirmed tickets, as the site reads it. */
  takenCounter: z.number().int(),
  /** Reserved plus confirmed tickets, counted. */
  takenActual: z.number().int(),
  /** Players holding live tickets. */
  players: z.number().int(),
  /** Players whose held counter differs from their live tickets. */
  playersMismatched: z.number().int(),
  ok: z.boolean(),
});
export type ContestCounters = z.infer<typeof contestCountersSchema>;
export const countersCheckSchema = z.object({ checkedAt: z.string(), contests: z.array(contestCountersSchema) });
export type CountersCheck = z.infer<typeof countersCheckSchema>;
/** A repair: the contest's counters before the recount and after it. */
export const countersRepairSchema = z.object({ before: contestCountersSchema, after: contestCountersSchema });
export type CountersRepair = z.infer<typeof countersRepairSchema>;
