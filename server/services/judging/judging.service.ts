/**
 * Judging a closed contest: each judge's mark, alone; the judged point as the exact mean of the
 * required number of marks; the ranking of every confirmed ticket; the admin's review and
 * publication, with the winner and every entrant told exactly once.
 *
 * Stored states (contests.state): 'upcoming' until the first mark, 'judging' while marks come in,
 * 'judged' once the required marks fix the point (and the ranking is written), 'published'.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  type JudgeContest,
  type JudgeQueue,
  type JudgeQueueItem,
  type JudgingState,
} from '../../../domain/judge-panel.ts';
import { judgedMean, rankTickets, type JudgedMean, type RankableTicket } from '../../../domain/judging.ts';
import type { Database } from '../../db/schema.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { confirmedTicketRows } from '../contests/contest.service.ts';
import { isPostgres } from '../../db/dialect.ts';
import { displayPicture } from '../pictures/serving.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import type { Db } from '../../db/types.ts';
import {
  JUDGES_REQUIRED_KEY,
  fail,
  judgesRequired,
  judgingState,
  contestLabel,
  loadContest,
  lockContest,
} from './shared.ts';

/** The admin changes the number of judges required; contests already judged keep their point. */
export async function setJudgesRequired(
  db: Kysely<Database>,
  actor: AuditActor,
  judgesRequiredNow: number,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await judgesRequired(trx);
    if (before === judgesRequiredNow) return before;
    const value = String(judgesRequiredNow);
    await trx
      .insertInto('settings')
      .values({ key: JUDGES_REQUIRED_KEY, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
    await recordAudit(trx, actor, {
      action: 'setting.judges_required',
      targetType: 'setting',
      targetId: JUDGES_REQUIRED_KEY,
      summary: `Judges required per contest: ${before} -> ${judgesRequiredNow}`,
      before: { judgesRequired: before },
      after: { judgesRequired: judgesRequiredNow },
      now,
    });
    return judgesRequiredNow;
  });
}

async function markCounts(db: Db, contestIds: string[]): Promise<Map<string, number>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('judge_marks')
    .select(['contest_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('contest_id', 'in', contestIds)
    .groupBy('contest_id')
    .execute();
  return new Map(rows.map((r) => [r.contest_id, Number(r.n)]));
}

/**
 * Closed contests for the panel, newest first: awaiting, judging and judged ones, and the last
 * few published. Counts of marks only: never where anyone marked.
 */
export async function judgeQueue(db: Kysely<Database>, judgeId: string, now: number): Promise<JudgeQueue> {
  const required = await judgesRequired(db);
  const contests = await db
    .selectFrom('contests')
    .selectAll()
    .where('closes_at', '<=', now)
    .where('state', '!=', 'cancelled')
    .orderBy('closes_at', 'desc')
    .limit(30)
    .execute();
  const ids = contests.map((c) => c.id);
  const counts = await markCounts(db, ids);
  const mine = ids.length
    ? await db
        .selectFrom('judge_marks')
        .select(['contest_id', 'created_at'])
        .where('judge_id', '=', judgeId)
        .where('contest_id', 'in', ids)
        .execute()
    : [];
  const myAt = new Map(mine.map((m) => [m.contest_id, m.created_at]));
  const sealed = new Set(
    ids.length
      ? (await db.selectFrom('contest_seals').select('contest_id').where('contest_id', 'in', ids).execute()).map(
          (r) => r.contest_id,
        )
      : [],
  );
  const items: JudgeQueueItem[] = [];
  for (const c of contests) {
    const state = judgingState(c.state);
    if (!state) continue;
    items.push({
      contestId: c.id,
      windowKey: c.window_key,
      closesAt: c.closes_at,
      showAt: c.show_at,
      state,
      marks: counts.get(c.id) ?? 0,
      required: state === 'awaiting' || state === 'judging' ? required : (c.judged_count ?? required),
      myMarkAt: myAt.get(c.id) ?? null,
      sealed: sealed.has(c.id),
    });
  }
  return { contests: items, required };
}

/** One contest on the panel: its picture and the asking judge's own mark, nothing else. */
export async function judgeContest(
  db: Kysely<Database>,
  store: PictureStore,
  judgeId: string,
  contestId: string,
  now: number,
): Promise<JudgeContest> {
  const contest = await loadContest(db, contestId);
  if (contest.closes_at > now) throw fail(409, 'notClosed');
  const state = judgingState(contest.state);
  if (!state) throw fail(409, 'notJudgeable');
  const picture = await displayPicture(db, store, contest.picture_id);
  if (!picture) throw fail(503, 'pictureMissing');
  const required = await judgesRequired(db);
  const marks = (await markCounts(db, [contest.id])).get(contest.id) ?? 0;
  const mine = await db
    .selectFrom('judge_marks')
    .select(['x', 'y', 'created_at'])
    .where('contest_id', '=', contestId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst();
  return {
    contestId: contest.id,
    windowKey: contest.window_key,
    closesAt: contest.closes_at,
    showAt: contest.show_at,
    state,
    marks,
    required: state === 'awaiting' || state === 'judging' ? required : (contest.judged_count ?? required),
    myMarkAt: mine?.created_at ?? null,
    // The routes open a contest to judges only once sealed (requireSealed).
    sealed: true,
    picture,
    myMark: mine ? { x: mine.x, y: mine.y, at: mine.created_at } : null,
  };
}

export interface MarkOutcome {
  state: JudgingState;
  marks: number;
  required: number;
  /** Set when this mark completed the judging: the ranking was written. */
  ranked: number | null;
}

/**
 * A judge's one mark, final once submitted. The mark that completes the required number fixes
 * the judged point (the exact mean of all marks) and ranks every confirmed ticket, in the same
 * transaction: a contest is never 'judged' without its ranking.
 */
export async function submitJudgeMark(
  db: Kysely<Database>,
  actor: AuditActor & { id: string },
  contestId: string,
  point: { x: number; y: number },
  now: number,
): Promise<MarkOutcome> {
  return db.transaction().execute(async (trx) => {
    // Serialise marks on one contest (PostgreSQL): two last judges at once must not both miss the count.
    const contest = await lockContest(trx, contestId);
    if (contest.closes_at > now) throw fail(409, 'notClosed');
    if (contest.state !== 'upcoming' && contest.state !== 'judging') throw fail(409, 'notJudgeable');
    const picture = await trx
      .selectFrom('pictures')
      .select(['width', 'height'])
      .where('id', '=', contest.picture_id)
      .executeTakeFirst();
    if (!picture) throw fail(503, 'pictureMissing');
    if (point.x >= picture.width || point.y >= picture.height) throw fail(400, 'outsidePicture');
    const existing = await trx
      .selectFrom('judge_marks')
      .select('judge_id')
      .where('contest_id', '=', contestId)
      .where('judge_id', '=', actor.id)
      .executeTakeFirst();
    if (existing) throw fail(409, 'alreadyMarked');
    await trx
      .insertInto('judge_marks')
      .values({ contest_id: contestId, judge_id: actor.id, x: point.x, y: point.y, created_at: now })
      .execute();
    const required = await judgesRequired(trx);
    const marks = await trx.selectFrom('judge_marks').select(['x', 'y']).where('contest_id', '=', contestId).execute();
    const label = contestLabel(contest);
    await recordAudit(trx, actor, {
      action: 'judging.mark',
      targetType: 'contest',
      targetId: contestId,
      summary: `Marked the ball of ${label} (${marks.length} of ${required} ${required === 1 ? 'judge' : 'judges'})`,
      after: { x: point.x, y: point.y },
      now,
    });
    if (marks.length < required) {
      await trx
        .updateTable('contests')
        .set({ state: 'judging', updated_at: now })
        .where('id', '=', contestId)
        .execute();
      return { state: 'judging', marks: marks.length, required, ranked: null };
    }
    const mean = judgedMean(marks);
    const ranked = await fixJudgedPoint(trx, contestId, mean, now);
    await recordAudit(
      trx,
      { id: null, name: 'System' },
      {
        action: 'judging.judged',
        targetType: 'contest',
        targetId: contestId,
        summary: `Judged point of ${label} fixed at (${mean.x.toFixed(1)}, ${mean.y.toFixed(1)}) from ${mean.count} ${mean.count === 1 ? 'mark' : 'marks'}; ${ranked} ${ranked === 1 ? 'ticket' : 'tickets'} ranked`,
        after: { x: mean.x, y: mean.y, judges: mean.count, ranked },
        now,
      },
    );
    return { state: 'judged', marks: marks.length, required, ranked };
  });
}

/** Rows per statement: the ranking travels as arrays (PostgreSQL) or one JSON text (SQLite). */
const RANK_CHUNK = 50_000;

/**
 * Fixes a contest's judged point (the judges' mean, or the sealed answer as a mean of one) and
 * ranks its tickets against it. Returns the number of tickets ranked.
 */
export async function fixJudgedPoint(trx: Db, contestId: string, mean: JudgedMean, now: number): Promise<number> {
  await trx
    .updateTable('contests')
    .set({
      state: 'judged',
      judged_sum_x: mean.sumX,
      judged_sum_y: mean.sumY,
      judged_count: mean.count,
      judged_at: now,
      updated_at: now,
    })
    .where('id', '=', contestId)
    .execute();
  return rankContest(trx, contestId, mean);
}

/**
 * Ranks every confirmed ticket of a contest against the judged mean and writes contest_ranks
 * (replacing any earlier ranking). Returns the number of tickets ranked. The rows go in chunks of
 * 50,000 as four arrays unnested by PostgreSQL, or one JSON text read by SQLite's json_each: a
 * million rows in a few dozen statements instead of a million bound parameters.
 */
export async function rankContest(trx: Db, contestId: string, mean: JudgedMean): Promise<number> {
  const rows = await confirmedTicketRows(trx, contestId);
  const owners = new Map<string, string>();
  const tickets: RankableTicket[] = rows.map((r) => {
    owners.set(r.id, r.user_id);
    return { id: r.id, point: { x: r.x, y: r.y }, confirmedAt: new Date(r.confirmed_at ?? 0) };
  });
  const ranked = rankTickets(tickets, mean);
  await trx.deleteFrom('contest_ranks').where('contest_id', '=', contestId).execute();
  const postgres = isPostgres(trx);
  for (let start = 0; start < ranked.length; start += RANK_CHUNK) {
    const chunk = ranked.slice(start, start + RANK_CHUNK);
    if (postgres) {
      await sql`insert into contest_ranks (ticket_id, contest_id, user_id, rank, distance)
        select t.ticket_id, ${contestId}, t.user_id, t.rank, t.distance
        from unnest(${chunk.map((r) => r.ticket.id)}::varchar[], ${chunk.map((r) => owners.get(r.ticket.id)!)}::varchar[], ${chunk.map((r) => r.rank)}::int[], ${chunk.map((r) => r.distance)}::float8[])
          as t(ticket_id, user_id, rank, distance)`.execute(trx);
    } else {
      const json = JSON.stringify(chunk.map((r) => [r.ticket.id, owners.get(r.ticket.id)!, r.rank, r.distance]));
      await sql`insert into contest_ranks (ticket_id, contest_id, user_id, rank, distance)
        select json_extract(value, '$[0]'), ${contestId}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
        from json_each(${json})`.execute(trx);
    }
  }
  return ranked.length;
}

/**
 * An admin removes a judge's mark (a judge erred) before the result is published. A contest already
 * judged goes back to judging: its judged point and ranking are undone until the required marks
 * are in again (the mark that completed them is the one most likely to be reset).
 */
export async function resetJudgeMark(
  db: Kysely<Database>,
  actor: AuditActor,
  contestId: string,
  judgeId: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, contestId);
    if (contest.state !== 'upcoming' && contest.state !== 'judging' && contest.state !== 'judged')
      throw fail(409, 'notJudgeable');
    const mark = await trx
      .selectFrom('judge_marks')
      .innerJoin('users', 'users.id', 'judge_marks.judge_id')
      .select(['judge_marks.x', 'judge_marks.y', 'judge_marks.created_at', 'users.first_name', 'users.last_name'])
      .where('judge_marks.contest_id', '=', contestId)
      .where('judge_marks.judge_id', '=', judgeId)
      .executeTakeFirst();
    if (!mark) throw fail(404, 'markNotFound');
    await trx.deleteFrom('judge_marks').where('contest_id', '=', contestId).where('judge_id', '=', judgeId).execute();
    const left = await trx
      .selectFrom('judge_marks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contest_id', '=', contestId)
      .executeTakeFirstOrThrow();
    const wasJudged = contest.state === 'judged';
    if (wasJudged) await trx.deleteFrom('contest_ranks').where('contest_id', '=', contestId).execute();
    if (Number(left.n) === 0 || wasJudged)
      await trx
        .updateTable('contests')
        .set({
          state: Number(left.n) === 0 ? 'upcoming' : 'judging',
          ...(wasJudged ? { judged_sum_x: null, judged_sum_y: null, judged_count: null, judged_at: null } : {}),
          updated_at: now,
        })
        .where('id', '=', contestId)
        .execute();
    await recordAudit(trx, actor, {
      action: 'judging.reset',
      targetType: 'contest',
      targetId: contestId,
      summary: `Reset the mark of judge ${mark.first_name} ${mark.last_name} on ${contestLabel(contest)}${wasJudged ? '; the judged point and the ranking are undone' : ''}`,
      before: { judgeId, x: mark.x, y: mark.y, at: mark.created_at },
      now,
    });
  });
}
