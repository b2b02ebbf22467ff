import { z } from 'zod';

/**
 * A contest's sponsor (issue 26): who funds the prize, shown as "Prize by <name>" on the contest
 * card, the play screen and the result. The link is https only, so a page never sends a player to
 * a plain or script address; the logo is a picture of kind 'sponsor' from the console's library.
 */
export const SPONSOR_NAME_MAX = 80;
export const SPONSOR_URL_MAX = 500;

/** As the public pages show it. */
export const sponsorViewSchema = z.object({
  name: z.string(),
  url: z.string().nullable(),
  /** The logo's small display copy; null when none is set. */
  logoUrl: z.string().nullable(),
});
export type SponsorView = z.infer<typeof sponsorViewSchema>;
