import type { Kysely, Selectable } from 'kysely';
import {
  type ContestState,
  type ContestView,
  PAID_PLAY_SUSPENDED_MESSAGE,
  type PaidPlay,
} from '../../../domain/contests.ts';
import { allInTicketPrice, type EntryFees } from '../../../domain/money.ts';
import { type ContestWindow, upcomingWindows, windowKey, windowState } from '../../../domain/schedule.ts';
import type { ContestDefaults } from '../../config.ts';
import type { ContestsTable, Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { DEMO_CONTEST_PICTURE_KEY } from '../../db/meta-keys.ts';
import { NOT_RELEASED, takenCount } from './contest-counters.service.ts';
import { displayPicture, findServableVariant, type ServableFile } from '../pictures/serving.ts';
import { isPaidPlayEnabled } from './settings.service.ts';
import { sponsorView } from './sponsor.ts';
import type { PictureStore } from '../../storage/picture-store.ts';

/** The open window (if any) and the next ones: what exists ahead of time. */
export const CONTESTS_AHEAD = 3;

export type ContestRow = Selectable<ContestsTable>;

/** Judging, judged, published and cancelled are stored; otherwise the clock says upcoming, open or closed. */
export function contestState(contest: Pick<ContestRow, 'state' | 'opens_at' | 'closes_at'>, now: number): ContestState {
  if (contest.state !== 'upcoming') return contest.state;
  return windowState(
    { opensAt: new Date(contest.opens_at), closesAt: new Date(contest.closes_at) } as ContestWindow,
    new Date(now),
  );
}

export interface NewContest {
  windowKey: string;
  window: ContestWindow;
  pictureId: string;
  defaults: ContestDefaults;
  now: number;
  id?: string;
}

/** Inserts a contest; false when its window_key exists already (another machine was first). */
export async function insertContest(db: Kysely<Database>, input: NewContest): Promise<boolean> {
  const d = input.defaults;
  const result = await db
    .insertInto('contests')
    .values({
      id: input.id ?? crypto.randomUUID(),
      window_key: input.windowKey,
      slot: input.window.slot,
      opens_at: input.window.opensAt.getTime(),
      closes_at: input.window.closesAt.getTime(),
      show_at: input.window.showAt.getTime(),
      picture_id: input.pictureId,
      prize_kind: d.prizeKind,
      prize_title_en: d.prizeTitleEn,
      prize_title_hi: d.prizeTitleHi,
      prize_value_paise: d.prizeValuePaise,
      prize_picture_id: d.prizePictureId ?? null,
      prize_tds_payer: d.prizeTdsPayer ?? 'winner',
      ticket_price_paise: d.ticketPricePaise,
      max_tickets_per_person: d.maxTicketsPerPerson,
      total_tickets: d.totalTickets,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('window_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The picture new contests get until admins upload real ones: the seeded demo picture. */
export async function defaultContestPictureId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', DEMO_CONTEST_PICTURE_KEY)
    .executeTakeFirst();
  return row?.value;
}

export interface EnsureResult {
  created: string[];
  /** Why nothing could be made, when so. */
  skipped?: 'no_picture';
}

/**
 * Makes the open window's contest and the next ones' (CONTESTS_AHEAD in all) when missing.
 * Safe on many machines at once: the window_key unique constraint lets one insert win and the
 * others do nothing.
 */
export async function ensureUpcomingContests(
  db: Kysely<Database>,
  now: number,
  defaults: ContestDefaults,
  pictureId?: string,
): Promise<EnsureResult> {
  const picture = pictureId ?? (await defaultContestPictureId(db));
  if (!picture) return { created: [], skipped: 'no_picture' };
  const created: string[] = [];
  for (const window of upcomingWindows(new Date(now), CONTESTS_AHEAD)) {
    const key = windowKey(window);
    if (await insertContest(db, { windowKey: key, window, pictureId: picture, defaults, now })) created.push(key);
  }
  return { created };
}

export async function findContest(db: Db, contestId: string): Promise<ContestRow | undefined> {
  return (await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst()) as
    ContestRow | undefined;
}

/**
 * A person's reserved and confirmed points in a contest. Written with the predicate of the
 * partial unique index tickets_live_point_uq (contest_id, user_id, x, y) WHERE status <>
 * 'released' and in its order, so both databases read them straight off that index: no scan of
 * the contest, no sort, however many tickets the contest holds.
 */
export async function heldPoints(db: Db, contestId: string, userId: string): Promise<Array<{ x: number; y: number }>> {
  return db
    .selectFrom('tickets')
    .select(['x', 'y'])
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('status', '<>', NOT_RELEASED)
    .orderBy('x')
    .orderBy('y')
    .execute();
}

/** How many confirmed tickets a player holds in a contest (a closed contest's entry). */
export async function confirmedTicketCount(db: Db, contestId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A contest's confirmed tickets, unordered: what is ranked (judging) and what is sealed (verification). */
export async function confirmedTicketRows(
  db: Db,
  contestId: string,
): Promise<Array<{ id: string; user_id: string; x: number; y: number; confirmed_at: number | null }>> {
  return db
    .selectFrom('tickets')
    .select(['id', 'user_id', 'x', 'y', 'confirmed_at'])
    .where('contest_id', '=', contestId)
    .where('status', '=', 'confirmed')
    .execute();
}

/**
 * Whether paid tickets can be bought now, as every page states it: the console's switch (the law's
 * suspension wins), then whether a payment gateway is configured at all.
 */
export async function paidPlayView(
  db: Kysely<Database>,
  defaultEnabled: boolean,
  gatewayConfigured: boolean,
): Promise<PaidPlay> {
  if (!(await isPaidPlayEnabled(db, defaultEnabled))) return { enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE };
  return gatewayConfigured ? { enabled: true } : { enabled: false, reason: 'noGateway' };
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function contestView(
  db: Kysely<Database>,
  store: PictureStore,
  contest: ContestRow,
  options: {
    now: number;
    lang: 'en' | 'hi';
    userId: string | undefined;
    /** The bill's fees, and whether the paid-play switch is on (off: every entry is free). */
    entry: { fees: EntryFees; paidPlayOn: boolean };
  },
): Promise<ContestView> {
  const { fees, paidPlayOn } = options.entry;
  const price = paidPlayOn ? contest.ticket_price_paise : 0;
  const [picture, prizePicture, taken, mine] = await Promise.all([
    displayPicture(db, store, contest.picture_id),
    contest.prize_picture_id ? displayPicture(db, store, contest.prize_picture_id) : Promise.resolve(undefined),
    takenCount(db, contest.id),
    options.userId ? heldPoints(db, contest.id, options.userId) : Promise.resolve([]),
  ]);
  return {
    id: contest.id,
    slot: contest.slot,
    state: contestState(contest, options.now),
    opensAt: iso(contest.opens_at),
    closesAt: iso(contest.closes_at),
    showAt: iso(contest.show_at),
    picture: picture ?? null,
    prize: {
      kind: contest.prize_kind,
      title: options.lang === 'hi' ? contest.prize_title_hi : contest.prize_title_en,
      valuePaise: contest.prize_value_paise,
      pictureUrl: prizePicture?.variants.find((v) => v.name === 'small')?.url ?? null,
    },
    cancelReason: contest.state === 'cancelled' ? contest.cancel_reason : null,
    sponsor: await sponsorView(db, store, contest),
    ticketPricePaise: price,
    allInPricePaise: allInTicketPrice(fees, price),
    fees: {
      platformFeePaisePerTicket: fees.platformFeePaisePerTicket,
      entryGstBasisPoints: fees.entryGstBasisPoints,
      feeGstBasisPoints: fees.feeGstBasisPoints,
    },
    maxTickets: contest.max_tickets_per_person,
    totalTickets: contest.total_tickets,
    ticketsLeft: Math.max(0, contest.total_tickets - taken),
    myTickets: mine.length,
    myPoints: mine,
  };
}

/**
 * The small display copy of the current contest's picture, which the home page's contest card
 * shows from its first paint (the pre-rendered page, issue 13), or undefined when there is none.
 */
export async function currentPictureFile(
  db: Kysely<Database>,
  store: PictureStore,
  now: number,
): Promise<ServableFile | undefined> {
  const { current } = await currentContests(db, now);
  return current ? findServableVariant(db, store, current.picture_id, 'small') : undefined;
}

/** How long the home and play screens mention a cancellation (issue 26): a day, not the rest of its window. */
export const CANCELLED_NOTE_MS = 24 * 3_600_000;

/**
 * The open contest (else the next to open) and the one after it. A cancelled contest frees the
 * rest of its window (issue 26): the screens show the replacement or the next contest, and
 * `cancelled` names a contest cancelled in the last day (players read why) until its window ends.
 * `awaitingShow` is a contest closed whose live winner show is still to come.
 */
export async function currentContests(
  db: Kysely<Database>,
  now: number,
): Promise<{
  current: ContestRow | undefined;
  next: ContestRow | undefined;
  cancelled: ContestRow | undefined;
  awaitingShow: ContestRow | undefined;
}> {
  const [rows, waiting] = await Promise.all([
    db
      .selectFrom('contests')
      .selectAll()
      .where('closes_at', '>=', now)
      .orderBy('opens_at')
      .orderBy('window_key')
      .limit(8)
      .execute() as Promise<ContestRow[]>,
    // Closed, not cancelled, its live show still to come: its entrants wait for that show.
    db
      .selectFrom('contests')
      .selectAll()
      .where('closes_at', '<', now)
      .where('show_at', '>', now)
      .where('state', '!=', 'cancelled')
      .orderBy('show_at')
      .limit(1)
      .executeTakeFirst() as Promise<ContestRow | undefined>,
  ]);
  const live = rows.filter((r) => r.state !== 'cancelled');
  const cancelled = rows.find(
    (r) => r.state === 'cancelled' && r.cancelled_at !== null && Number(r.cancelled_at) > now - CANCELLED_NOTE_MS,
  );
  return { current: live[0], next: live[1], cancelled, awaitingShow: waiting };
}
