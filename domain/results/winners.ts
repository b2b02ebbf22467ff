import { gamePictureSchema } from '../practice.ts';
import { z } from 'zod';
import { sponsorViewSchema } from '../sponsor.ts';

// The public winners' pages: winner cards, the live show and its stream.

export const point = z.object({ x: z.number(), y: z.number() });
export const prizeSchema = z.object({
  kind: z.enum(['merchandise', 'cash']),
  title: z.string(),
  valuePaise: z.number().int(),
});

/**
 * A published contest as anyone may see it. The winner is a first name and a state, nothing more
 * personal. The judged point is the exact mean of the judges' marks (a float); the winning mark
 * is the winning ticket's integer pixel.
 */
export const winnerCardSchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  /** ISO 8601. */
  opensAt: z.string(),
  closesAt: z.string(),
  showAt: z.string(),
  publishedAt: z.string(),
  picture: gamePictureSchema.nullable(),
  judgedPoint: point,
  prize: prizeSchema,
  /** Ranked (confirmed) tickets of the contest. */
  entries: z.number().int(),
  /** Issue 26: who funded the prize; null or absent: no sponsor. */
  sponsor: sponsorViewSchema.nullable().optional(),
  /** The ball's width in the picture, original px (set in the console, else its default): distances are told in it. */
  ballWidth: z.number().int().positive(),
  /** Null when nobody entered. */
  winner: z
    .object({
      firstName: z.string(),
      /** From the winner's prize claim; null until they claim. */
      state: z.string().nullable(),
      mark: z.object({ x: z.number().int(), y: z.number().int() }),
      /** Original pixels, 1 decimal. */
      distance: z.number(),
    })
    .nullable(),
});
export type WinnerCard = z.infer<typeof winnerCardSchema>;

export const nextShowSchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  showAt: z.string(),
  /** What the admin set; null: not yet. */
  streamUrl: z.string().nullable(),
  /** An embeddable player URL made from streamUrl (YouTube); null: show the link only. */
  embedUrl: z.string().nullable(),
  /** Issue 26: the show has started and its result is published ("The result is in"). */
  resultIn: z.boolean().optional(),
});
export type NextShow = z.infer<typeof nextShowSchema>;

export const liveShowSchema = z.object({ next: nextShowSchema.nullable(), latest: winnerCardSchema.nullable() });
export type LiveShow = z.infer<typeof liveShowSchema>;

export const WINNERS_PAGE_SIZE = 6;
export const winnersQuerySchema = z.object({
  lang: z.enum(['en', 'hi']).default('en'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(24).default(WINNERS_PAGE_SIZE),
});
export type WinnersQuery = z.output<typeof winnersQuerySchema>;

export const winnersPageSchema = z.object({ results: z.array(winnerCardSchema), nextCursor: z.string().nullable() });
export type WinnersPage = z.infer<typeof winnersPageSchema>;

/**
 * Issue 26, the show-time gate: a result published before its winner show stays hidden from
 * players and the public (winners' pages, live page, My entries, the publication files, notices)
 * until the show starts; one published after the show is public at once (its show has passed).
 */
export function isResultPublic(contest: { state: string; showAt: number }, now: number): boolean {
  return contest.state === 'published' && contest.showAt <= now;
}

export { SHOW_ON_AIR_MS } from './show-time.ts';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

/**
 * The embeddable player of a stream URL, or null when we do not know how to embed it (the page
 * then shows a link). YouTube watch, live, share and embed URLs become the privacy-enhanced
 * youtube-nocookie embed; a channel's live URL becomes YouTube's live_stream embed. The security
 * headers open frame-src for exactly the origin of the URL returned here.
 */
export function streamEmbedUrl(streamUrl: string | null | undefined): string | null {
  if (!streamUrl) return null;
  let url: URL;
  try {
    url = new URL(streamUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !YOUTUBE_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (url.hostname === 'youtu.be') id = parts[0] ?? null;
  else if (parts[0] === 'watch') id = url.searchParams.get('v');
  else if ((parts[0] === 'live' || parts[0] === 'embed' || parts[0] === 'shorts') && parts[1]) id = parts[1];
  else if (parts[0] === 'channel' && parts[1] && /^UC[A-Za-z0-9_-]{22}$/.test(parts[1]) && parts[2] === 'live') {
    return `https://www.youtube.com/embed/live_stream?channel=${parts[1]}`;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

/** The origin frame-src must allow for a stream URL, or null when it is not embedded. */
export function streamFrameOrigin(streamUrl: string | null | undefined): string | null {
  const embed = streamEmbedUrl(streamUrl);
  return embed ? new URL(embed).origin : null;
}
