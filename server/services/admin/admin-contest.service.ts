import type { Kysely } from 'kysely';
import {
  type AdminContest,
  CONTEST_ADMIN_ERROR_CODES,
  CONTEST_ADMIN_MESSAGES,
  type ContestDefaultsAnswer,
  type ContestInput,
  type LockedField,
} from '../../../domain/admin-contests.ts';
import { type ContestWindow, upcomingWindows, windowKey } from '../../../domain/schedule.ts';
import type { ContestDefaults } from '../../config.ts';
import type { Database, PictureKind } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { uniqueTransaction } from '../../db/errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { takenCount } from '../contests/contest-counters.service.ts';
import { type ContestRow } from '../contests/contest.service.ts';
import { contestLabel } from '../judging/shared.ts';
import { type Db } from '../../db/types.ts';
import { fail, iso, n, isEditable, findRow } from './admin-contests/shared.ts';
import { effectiveContestDefaults } from './admin-contest-defaults.service.ts';
import { overlapping, overlapRefusal, refusingTwinOverlap, windowHeldRefusal } from './admin-contests/overlap.ts';
import { locksOf, answerColumns, adminContest } from './admin-contests/present.ts';

async function refuseOverlap(db: Db, opensAt: number, closesAt: number, exceptId: string | null): Promise<void> {
  const other = await overlapping(db, opensAt, closesAt, exceptId);
  if (other) throw overlapRefusal(other);
}

/** The schedule window a contest opening at `opensAt` belongs to: the one holding it, else the next. */
function scheduleWindowOf(opensAt: number): ContestWindow {
  return upcomingWindows(new Date(opensAt), 1)[0]!;
}

/**
 * The window_key for a contest: the schedule window's key, so the contest job never makes that
 * window twice. A window whose contest was cancelled takes a replacement: key-2, key-3, ...
 */
async function freeKeyFor(
  db: Db,
  opensAt: number,
  closesAt: number,
  selfId: string | null,
): Promise<{ key: string; slot: 'A' | 'B' }> {
  const window = scheduleWindowOf(opensAt);
  const base = windowKey(window);
  const rows = await db
    .selectFrom('contests')
    .select(['id', 'window_key', 'state'])
    .where('window_key', 'like', `${base}%`)
    .execute();
  const self = rows.find((r) => r.id === selfId);
  if (self && (self.window_key === base || self.window_key.startsWith(`${base}-`)))
    return { key: self.window_key, slot: window.slot };
  const used = new Set(rows.map((r) => r.window_key));
  if (!used.has(base)) return { key: base, slot: window.slot };
  const holder = rows.find((r) => r.window_key === base);
  if (holder && holder.state !== 'cancelled') {
    const other = await db
      .selectFrom('contests')
      .select(['id', 'window_key', 'slot', 'opens_at', 'closes_at'])
      .where('id', '=', holder.id)
      .executeTakeFirstOrThrow();
    // Their times meet when a twin request made the holder after this one's overlap check (a
    // double submit); otherwise the holder keeps the window although their times do not meet.
    const meets = n(other.opens_at) <= closesAt && n(other.closes_at) >= opensAt;
    throw meets ? overlapRefusal(other) : windowHeldRefusal(other);
  }
  for (let i = 2; ; i += 1) if (!used.has(`${base}-${i}`)) return { key: `${base}-${i}`, slot: window.slot };
}

const MISSING_PICTURE = {
  contest: 'pictureMissing',
  prize: 'prizePictureMissing',
  sponsor: 'sponsorLogoMissing',
} as const;

async function checkPicture(db: Db, id: string | null, kind: 'contest' | 'prize' | 'sponsor'): Promise<void> {
  if (id === null) return;
  const row = await db
    .selectFrom('pictures')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', kind as PictureKind)
    .executeTakeFirst();
  if (!row) throw fail(400, MISSING_PICTURE[kind]);
}

/** The fields an audit entry keeps of a contest. */
function snapshot(
  c:
    | ContestRow
    | (Omit<ContestInput, 'opensAt' | 'closesAt' | 'showAt'> & { opensAt: string; closesAt: string; showAt: string }),
) {
  if ('window_key' in c) {
    return {
      opensAt: iso(c.opens_at),
      closesAt: iso(c.closes_at),
      showAt: iso(c.show_at),
      pictureId: c.picture_id,
      prizeKind: c.prize_kind,
      prizeTitleEn: c.prize_title_en,
      prizeTitleHi: c.prize_title_hi,
      prizeValuePaise: n(c.prize_value_paise),
      prizePictureId: c.prize_picture_id,
      ticketPricePaise: n(c.ticket_price_paise),
      maxTickets: c.max_tickets_per_person,
      totalTickets: c.total_tickets,
      streamUrl: c.stream_url,
      sponsor: c.sponsor_name ? { name: c.sponsor_name, url: c.sponsor_url, pictureId: c.sponsor_picture_id } : null,
      prizeTdsPayer: c.prize_tds_payer,
      decidedBy: c.decided_by,
    };
  }
  // The sealed answer's point never goes into the log (it stays secret until publication): only
  // that one was given. A field the body left out (kept on an edit) is not in the snapshot.
  const { answerPoint, ...rest } = c;
  const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return {
    ...given,
    opensAt: iso(Date.parse(c.opensAt)),
    closesAt: iso(Date.parse(c.closesAt)),
    showAt: iso(Date.parse(c.showAt)),
    ...(answerPoint ? { answerPoint: 'sealed' } : {}),
  };
}

/** The body's columns; the sponsor and the TDS payer only when the body names them (an edit keeps them otherwise). */
function columnsOf(input: ContestInput) {
  return {
    ...(input.sponsor === undefined
      ? {}
      : {
          sponsor_name: input.sponsor?.name ?? null,
          sponsor_url: input.sponsor?.url ?? null,
          sponsor_picture_id: input.sponsor?.pictureId ?? null,
        }),
    ...(input.prizeTdsPayer === undefined ? {} : { prize_tds_payer: input.prizeTdsPayer }),
    opens_at: Date.parse(input.opensAt),
    closes_at: Date.parse(input.closesAt),
    show_at: Date.parse(input.showAt),
    picture_id: input.pictureId,
    prize_kind: input.prizeKind,
    prize_title_en: input.prizeTitleEn,
    prize_title_hi: input.prizeTitleHi,
    prize_value_paise: input.prizeValuePaise,
    prize_picture_id: input.prizePictureId,
    ticket_price_paise: input.ticketPricePaise,
    max_tickets_per_person: input.maxTickets,
    total_tickets: input.totalTickets,
    stream_url: input.streamUrl,
  };
}

/** The schedule's first window with no contest in it, and the operator's defaults (Contest defaults). */
export async function contestDefaults(
  db: Kysely<Database>,
  now: number,
  env: ContestDefaults,
): Promise<ContestDefaultsAnswer> {
  const { values } = await effectiveContestDefaults(db, env);
  const windows = upcomingWindows(new Date(now), 60);
  let free = windows.at(-1)!;
  for (const window of windows) {
    if (window.opensAt.getTime() <= now) continue;
    if (!(await overlapping(db, window.opensAt.getTime(), window.closesAt.getTime(), null))) {
      free = window;
      break;
    }
  }
  return {
    slot: free.slot,
    opensAt: free.opensAt.toISOString(),
    closesAt: free.closesAt.toISOString(),
    showAt: free.showAt.toISOString(),
    pictureId: values.pictureId,
    prizePictureId: values.prizePictureId,
    prizeTdsPayer: values.prizeTdsPayer,
    prizeKind: values.prizeKind,
    prizeTitleEn: values.prizeTitleEn,
    prizeTitleHi: values.prizeTitleHi,
    prizeValuePaise: values.prizeValuePaise,
    ticketPricePaise: values.ticketPricePaise,
    maxTickets: values.maxTickets,
    totalTickets: values.totalTickets,
  };
}

export async function createContest(
  db: Kysely<Database>,
  actor: AuditActor,
  input: ContestInput,
  now: number,
): Promise<AdminContest> {
  const cols = columnsOf(input);
  if (cols.closes_at <= now) throw fail(400, 'closedWindow');
  const id = crypto.randomUUID();
  const window = { opensAt: cols.opens_at, closesAt: cols.closes_at, exceptId: null };
  await refusingTwinOverlap(db, window, (twin) =>
    uniqueTransaction(db, twin, async (trx) => {
      await checkPicture(trx, input.pictureId, 'contest');
      await checkPicture(trx, input.prizePictureId, 'prize');
      await checkPicture(trx, input.sponsor?.pictureId ?? null, 'sponsor');
      await refuseOverlap(trx, cols.opens_at, cols.closes_at, null);
      const { key, slot } = await freeKeyFor(trx, cols.opens_at, cols.closes_at, null);
      const answer = await answerColumns(trx, input, null, now);
      await trx
        .insertInto('contests')
        .values({ id, window_key: key, slot, ...cols, ...answer, created_at: now, updated_at: now })
        .execute();
      const label = contestLabel({ slot, opens_at: cols.opens_at });
      await recordAudit(trx, actor, {
        action: 'contest.create',
        targetType: 'contest',
        targetId: id,
        summary: `Created ${label}`,
        after: snapshot({ ...input }),
        now,
      });
    }),
  );
  return adminContest(db, id, now);
}

export async function updateContest(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  input: ContestInput,
  now: number,
): Promise<AdminContest> {
  const cols = columnsOf(input);
  const window = { opensAt: cols.opens_at, closesAt: cols.closes_at, exceptId: id };
  await refusingTwinOverlap(db, window, (twin) =>
    uniqueTransaction(db, twin, async (trx) => {
      // Locked like a reservation locks it: no ticket is taken while the change is checked.
      const row = await findRow(trx, id, true);
      if (!isEditable(row)) throw fail(409, 'notEditable');
      const taken = await takenCount(trx, id);
      const locks = locksOf(row, taken);
      const windowChanged =
        cols.opens_at !== n(row.opens_at) || cols.closes_at !== n(row.closes_at) || cols.show_at !== n(row.show_at);
      const changed: Record<LockedField, boolean> = {
        price: cols.ticket_price_paise !== n(row.ticket_price_paise),
        picture: cols.picture_id !== row.picture_id,
        window: windowChanged,
      };
      const refused = locks.fields.filter((f) => changed[f]);
      if (refused.length > 0)
        throw new AppError(
          409,
          locks.fields.includes('price') ? CONTEST_ADMIN_ERROR_CODES.locked : CONTEST_ADMIN_ERROR_CODES.judging,
          locks.reason!,
        );
      if (cols.total_tickets < taken)
        throw fail(409, 'totalBelowTaken', CONTEST_ADMIN_MESSAGES.totalBelowTaken.replace('{{taken}}', String(taken)), {
          taken,
        });
      if (changed.picture) await checkPicture(trx, input.pictureId, 'contest');
      if (input.prizePictureId !== row.prize_picture_id) await checkPicture(trx, input.prizePictureId, 'prize');
      if (input.sponsor && input.sponsor.pictureId !== row.sponsor_picture_id)
        await checkPicture(trx, input.sponsor.pictureId, 'sponsor');
      let key = row.window_key;
      let slot = row.slot;
      if (windowChanged) {
        if (cols.closes_at <= now) throw fail(400, 'closedWindow');
        await refuseOverlap(trx, cols.opens_at, cols.closes_at, id);
        ({ key, slot } = await freeKeyFor(trx, cols.opens_at, cols.closes_at, id));
      }
      const answer = await answerColumns(trx, input, row, now);
      await trx
        .updateTable('contests')
        .set({ ...cols, ...answer, window_key: key, slot, updated_at: now })
        .where('id', '=', id)
        .execute();
      const before = snapshot(row) as Record<string, unknown>;
      const after: Record<string, unknown> = {
        ...before,
        ...(snapshot(input) as Record<string, unknown>),
        ...(input.sponsor === undefined ? { sponsor: before.sponsor } : {}),
        ...(input.prizeTdsPayer === undefined ? { prizeTdsPayer: before.prizeTdsPayer } : {}),
      };
      const fields = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      await recordAudit(trx, actor, {
        action: 'contest.update',
        targetType: 'contest',
        targetId: id,
        summary: `Edited ${contestLabel({ slot, opens_at: cols.opens_at })}: ${fields.length ? fields.join(', ') : 'nothing changed'}`,
        before,
        after,
        now,
      });
    }),
  );
  return adminContest(db, id, now);
}
