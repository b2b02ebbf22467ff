import type { Kysely } from 'kysely';
import type { ContestState } from '../../../domain/contests.ts';
import {
  isResultPublic,
  type LiveShow,
  MY_ENTRIES_LIMIT,
  type MyEntry,
  type NextShow,
  SHOW_ON_AIR_MS,
  streamEmbedUrl,
  TDS_DEFAULT_RATE_BP,
  TDS_DEFAULT_THRESHOLD_PAISE,
  TDS_RATE_KEY,
  TDS_THRESHOLD_KEY,
  type TaxBreakdown,
  tdsFor,
  type WinnerCard,
  type WinnersPage,
  type WinnersQuery,
} from '../../../domain/results.ts';
import { keysetPage, newestFirst } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { type ContestRow, contestState } from '../contests/contest.service.ts';
import { type DisplayPicture, displayPicture } from '../pictures/serving.ts';
import { ballWidthOfContestPicture } from '../contests/contest-ball-width.service.ts';
import { defaultBallWidth } from '../../../domain/contest-ball-width.ts';
import { sealedContestIds } from './verification.service.ts';
import { sponsorView } from '../contests/sponsor.ts';
import type { PictureStore } from '../../storage/picture-store.ts';

type Lang = 'en' | 'hi';
const iso = (ms: number) => new Date(ms).toISOString();
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function judgedPointOf(
  contest: Pick<ContestRow, 'judged_sum_x' | 'judged_sum_y' | 'judged_count'>,
): { x: number; y: number } | null {
  const { judged_sum_x: sx, judged_sum_y: sy, judged_count: count } = contest;
  if (sx === null || sy === null || !count) return null;
  return { x: Number(sx) / count, y: Number(sy) / count };
}

const prizeOf = (contest: ContestRow, lang: Lang) => ({
  kind: contest.prize_kind,
  title: lang === 'hi' ? contest.prize_title_hi : contest.prize_title_en,
  valuePaise: contest.prize_value_paise,
});

export async function entriesCount(db: Kysely<Database>, contestId: string): Promise<number> {
  const row = await db
    .selectFrom('contest_ranks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The show-time gate (issue 26) on a stored row: published, and its winner show has started. */
export const isPublicResult = (contest: Pick<ContestRow, 'state' | 'show_at'>, now: number) =>
  isResultPublic({ state: contest.state, showAt: Number(contest.show_at) }, now);

/**
 * The contest's state as players and the public see it: a result published before its show reads
 * 'judged' until the show starts.
 */
export function publicContestState(contest: ContestRow, now: number): ContestState {
  const state = contestState(contest, now);
  return state === 'published' && !isPublicResult(contest, now) ? 'judged' : state;
}

/** The public card of a published contest whose show has started: first name and state of the winner, nothing more personal. */
export async function winnerCard(
  db: Kysely<Database>,
  store: PictureStore,
  contest: ContestRow,
  lang: Lang,
  now: number,
): Promise<WinnerCard | null> {
  const judged = judgedPointOf(contest);
  if (!judged || !isPublicResult(contest, now)) return null;
  const [picture, ballWidth, entries, winner, sponsor] = await Promise.all([
    displayPicture(db, store, contest.picture_id),
    ballWidthOfContestPicture(db, contest.picture_id),
    entriesCount(db, contest.id),
    db
      .selectFrom('contest_ranks as r')
      .innerJoin('tickets as t', 't.id', 'r.ticket_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('prize_claims as c', 'c.contest_id', 'r.contest_id')
      .select(['u.first_name', 't.x', 't.y', 'r.distance', 'c.state'])
      .where('r.contest_id', '=', contest.id)
      .where('r.rank', '=', 1)
      .executeTakeFirst(),
    sponsorView(db, store, contest),
  ]);
  return {
    contestId: contest.id,
    slot: contest.slot,
    opensAt: iso(contest.opens_at),
    closesAt: iso(contest.closes_at),
    showAt: iso(contest.show_at),
    publishedAt: iso(contest.published_at ?? contest.updated_at),
    picture: picture ?? null,
    judgedPoint: judged,
    prize: prizeOf(contest, lang),
    entries,
    sponsor,
    ballWidth: ballWidth ?? defaultBallWidth(picture?.width ?? 0),
    winner: winner
      ? {
          firstName: winner.first_name,
          state: winner.state ?? null,
          mark: { x: winner.x, y: winner.y },
          distance: oneDecimal(Number(winner.distance)),
        }
      : null,
  };
}

/** Published contests whose winner show has started (the show-time gate). */
function publishedContests(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('contests')
    .selectAll()
    .where('state', '=', 'published')
    .where('published_at', 'is not', null)
    .where('judged_count', 'is not', null)
    .where('show_at', '<=', now);
}

type PublishedQuery = ReturnType<typeof publishedContests>;
/** /the_winners_circle's order: newest publication first. */
const newestPublicationFirst = (q: PublishedQuery) => q.orderBy('published_at', 'desc').orderBy('id', 'desc');
/** /live_weekly_winner's latest: the latest show first, so a result published early appears at its show, after any published since. */
const latestShowFirst = (q: PublishedQuery) =>
  q.orderBy('show_at', 'desc').orderBy('published_at', 'desc').orderBy('id', 'desc');

/**
 * The picture of the first card of /the_winners_circle ('circle') or of /live_weekly_winner
 * ('live'): the page's largest, which the server names in a preload header with the page's HTML.
 */
export async function firstResultPicture(
  db: Kysely<Database>,
  store: PictureStore,
  now: number,
  page: 'circle' | 'live',
): Promise<DisplayPicture | undefined> {
  const order = page === 'circle' ? newestPublicationFirst : latestShowFirst;
  const row = await order(publishedContests(db, now)).limit(1).executeTakeFirst();
  return row ? displayPicture(db, store, row.picture_id) : undefined;
}

/** Published contests, newest publication first, a page at a time (cursor: the last one's published_at and id). */
export async function listWinners(
  db: Kysely<Database>,
  store: PictureStore,
  query: WinnersQuery,
  now: number,
): Promise<WinnersPage> {
  const rows = (await newestFirst(publishedContests(db, now), 'published_at', 'id', query).execute()) as ContestRow[];
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => [row.published_at ?? 0, row.id]);
  const cards = await Promise.all(page.map((row) => winnerCard(db, store, row, query.lang, now)));
  return { results: cards.filter((card): card is WinnerCard => card !== null), nextCursor };
}

/**
 * The next show (or the one on air now) and the latest public result. The show's `resultIn` turns
 * true at show time when its result is published: the live page then reveals it.
 */
export async function liveShow(db: Kysely<Database>, store: PictureStore, now: number, lang: Lang): Promise<LiveShow> {
  const [nextRow, latestRow] = await Promise.all([
    db
      .selectFrom('contests')
      .select(['id', 'slot', 'show_at', 'stream_url', 'state'])
      .where('state', '!=', 'cancelled')
      .where('show_at', '>', now - SHOW_ON_AIR_MS)
      .orderBy('show_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    latestShowFirst(publishedContests(db, now)).limit(1).executeTakeFirst() as Promise<ContestRow | undefined>,
  ]);
  const next: NextShow | null = nextRow
    ? {
        contestId: nextRow.id,
        slot: nextRow.slot,
        showAt: iso(nextRow.show_at),
        streamUrl: nextRow.stream_url,
        embedUrl: streamEmbedUrl(nextRow.stream_url),
        resultIn: isPublicResult(nextRow, now),
      }
    : null;
  return { next, latest: latestRow ? await winnerCard(db, store, latestRow, lang, now) : null };
}

/** The stream URL of the next show (or the one on air), for the security headers. */
export async function nextStreamUrl(db: Kysely<Database>, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('contests')
    .select('stream_url')
    .where('state', '!=', 'cancelled')
    .where('show_at', '>', now - SHOW_ON_AIR_MS)
    .orderBy('show_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.stream_url ?? null;
}

async function numberSetting(db: Kysely<Database>, key: string, fallback: number): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const n = Number(row?.value);
  return row && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

/** The TDS rule of the settings (Section 194B defaults when unset). */
export async function tdsSettings(db: Kysely<Database>): Promise<{ rateBp: number; thresholdPaise: number }> {
  const [rateBp, thresholdPaise] = await Promise.all([
    numberSetting(db, TDS_RATE_KEY, TDS_DEFAULT_RATE_BP),
    numberSetting(db, TDS_THRESHOLD_KEY, TDS_DEFAULT_THRESHOLD_PAISE),
  ]);
  return { rateBp: Math.min(rateBp, 10_000), thresholdPaise };
}

/** Sets the TDS rule (rate and threshold), audited as 'setting.tds'. */
export async function setTdsSettings(
  db: Kysely<Database>,
  next: { rateBp: number; thresholdPaise: number },
  actor: AuditActor,
  now: number,
): Promise<{ rateBp: number; thresholdPaise: number }> {
  await db.transaction().execute(async (trx) => {
    const before = await tdsSettings(trx as unknown as Kysely<Database>);
    if (before.rateBp === next.rateBp && before.thresholdPaise === next.thresholdPaise) return;
    for (const [key, value] of [
      [TDS_RATE_KEY, String(next.rateBp)],
      [TDS_THRESHOLD_KEY, String(next.thresholdPaise)],
    ] as const) {
      await trx
        .insertInto('settings')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'setting.tds',
      targetType: 'setting',
      targetId: 'tds',
      summary: `Set TDS to ${next.rateBp / 100}% on prizes above Rs ${next.thresholdPaise / 100}`,
      before,
      after: next,
      now,
    });
  });
  return tdsSettings(db);
}

/** The tax on a prize; a prize in kind names who pays its TDS (the contest's setting, issue 26). */
export async function taxForPrize(
  db: Kysely<Database>,
  prizeValuePaise: number,
  inKind: { tdsPayer: 'winner' | 'company' } | null = null,
): Promise<TaxBreakdown> {
  return tdsFor(prizeValuePaise, await tdsSettings(db), inKind);
}

/**
 * The contests a player holds tickets in (latest first): each ticket, and after publishing its
 * rank and distance and the judged point. Ranks and the judged point stay hidden until then.
 */
export async function myEntries(
  db: Kysely<Database>,
  store: PictureStore,
  options: {
    userId: string;
    now: number;
    lang: Lang;
    claimOf: (contest: ContestRow, tax: TaxBreakdown) => Promise<MyEntry['claim']>;
  },
): Promise<MyEntry[]> {
  const contestIds = db
    .selectFrom('tickets')
    .select('contest_id')
    .where('user_id', '=', options.userId)
    .where('status', 'in', ['reserved', 'confirmed']);
  const contests = (await db
    .selectFrom('contests')
    .selectAll()
    .where('id', 'in', contestIds)
    .orderBy('closes_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MY_ENTRIES_LIMIT)
    .execute()) as ContestRow[];
  const sealed = await sealedContestIds(
    db,
    contests.map((c) => c.id),
  );
  return Promise.all(
    contests.map(async (contest): Promise<MyEntry> => {
      // The show-time gate: an early publication stays 'judged' for the player until the show.
      const published = isPublicResult(contest, options.now);
      const [picture, ballWidth, tickets, entries] = await Promise.all([
        displayPicture(db, store, contest.picture_id),
        ballWidthOfContestPicture(db, contest.picture_id),
        db
          .selectFrom('tickets as t')
          .leftJoin('contest_ranks as r', 'r.ticket_id', 't.id')
          .select(['t.id', 't.x', 't.y', 't.status', 'r.rank', 'r.distance'])
          .where('t.contest_id', '=', contest.id)
          .where('t.user_id', '=', options.userId)
          .where('t.status', 'in', ['reserved', 'confirmed'])
          .orderBy('t.created_at')
          .orderBy('t.position')
          .orderBy('t.x')
          .orderBy('t.y')
          .orderBy('t.id')
          .execute(),
        published ? entriesCount(db, contest.id) : Promise.resolve(null),
      ]);
      const isWinner = published && tickets.some((t) => t.rank === 1);
      const tax = isWinner
        ? await taxForPrize(
            db,
            Number(contest.prize_value_paise),
            contest.prize_kind === 'merchandise' ? { tdsPayer: contest.prize_tds_payer } : null,
          )
        : null;
      return {
        contestId: contest.id,
        slot: contest.slot,
        state: publicContestState(contest, options.now),
        closesAt: iso(contest.closes_at),
        showAt: iso(contest.show_at),
        picture: picture ?? null,
        ballWidth: picture ? ballWidth : null,
        prize: prizeOf(contest, options.lang),
        sealed: sealed.has(contest.id),
        tickets: tickets.map((t) => ({
          id: t.id,
          x: t.x,
          y: t.y,
          status: t.status as 'reserved' | 'confirmed',
          rank: published && t.rank !== null ? Number(t.rank) : null,
          distance: published && t.distance !== null ? oneDecimal(Number(t.distance)) : null,
        })),
        judgedPoint: published ? judgedPointOf(contest) : null,
        entries,
        isWinner,
        tax,
        claim: isWinner && tax ? await options.claimOf(contest, tax) : null,
      };
    }),
  );
}
