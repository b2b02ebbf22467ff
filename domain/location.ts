import { z } from 'zod';

/**
 * Where play is allowed (spec: access outside India is blocked; 'Area Restricted',
 * 'Location Access Required', 'Game Unavailable in Your Region').
 *
 * Two checks, both made by the server:
 * - the country, from the request's IP address (offline MMDB), for the whole site and the
 *   sign-up, cart and payment calls;
 * - the Indian state, from the device's coordinates, for contest play: the player's browser
 *   sends them to POST /api/v1/location, the server maps them to a state offline and keeps the
 *   answer in the session, signed, for LOCATION_TTL_MINUTES. Every cart, ticket and payment call
 *   checks it.
 */

// The error codes the gate answers with, and its answers checked without zod: location-answers.ts.

export const INDIA = 'IN';

/** An Indian state or union territory, by its ISO 3166-2 code (IN-TG). */
export const indianStateSchema = z.object({
  code: z.string(),
  nameEn: z.string(),
  nameHi: z.string(),
});
export type IndianState = z.infer<typeof indianStateSchema>;

/** Why play is refused: outside India (state null), or in a restricted state. */
export const locationRestrictionSchema = z.object({
  scope: z.enum(['country', 'state']),
  /** ISO 3166-1 alpha-2 of the address or the device, null when not known. */
  countryCode: z.string().nullable(),
  state: indianStateSchema.nullable(),
});
export type LocationRestriction = z.infer<typeof locationRestrictionSchema>;

/** GET /api/v1/location and the answer of POST /api/v1/location. */
export const locationStatusSchema = z.object({
  /** false on a site that does not check (LOCATION_CHECK=off, never in production). */
  enforced: z.boolean(),
  country: z.object({
    /** From the IP address; null when the address is not in the database. */
    code: z.string().nullable(),
    allowed: z.boolean(),
  }),
  /**
   * The state this session last checked in and until when the check holds (epoch ms); null
   * when it has none, or it expired.
   */
  check: z
    .object({
      state: indianStateSchema,
      allowed: z.boolean(),
      until: z.number(),
    })
    .nullable(),
  /** How long a check holds, in minutes. */
  ttlMinutes: z.number().int(),
});
export type LocationStatus = z.infer<typeof locationStatusSchema>;

/** POST /api/v1/location: what the browser's Geolocation API said. */
export const locationClaimBodySchema = z.object({
  latitude: z
    .number({ error: 'latitude must be a number' })
    .min(-90, { error: 'latitude must be between -90 and 90' })
    .max(90, { error: 'latitude must be between -90 and 90' }),
  longitude: z
    .number({ error: 'longitude must be a number' })
    .min(-180, { error: 'longitude must be between -180 and 180' })
    .max(180, { error: 'longitude must be between -180 and 180' }),
  /** Metres, as the browser reports it. */
  accuracy: z.number().min(0).max(1_000_000).optional(),
});
export type LocationClaimBody = z.infer<typeof locationClaimBodySchema>;

/** Admin > Paid play > Restricted states. */
export const restrictedStatesStateSchema = z.object({
  /** Codes of the states where contests are refused now. */
  codes: z.array(z.string()),
  source: z.enum(['environment', 'console']),
  environmentDefault: z.array(z.string()),
  updatedAt: z.number().nullable(),
  /** Every state and union territory the site knows, in English and Hindi. */
  states: z.array(indianStateSchema),
});
export type RestrictedStatesState = z.infer<typeof restrictedStatesStateSchema>;

export const restrictedStatesBodySchema = z.object({
  codes: z.array(z.string().regex(/^IN-[A-Z]{2}$/, { error: 'each state must be a code such as IN-TG' })).max(40),
});
