/** The admin's review of a judged contest and its publication (server/services/judging/judging.service.ts judges it). */
import { istDateTime } from '../payments/tax-documents/lines.ts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { REVIEW_TOP_ENTRIES, type ResultReview, judgedPointOf } from '../../../domain/judge-panel.ts';
import type { Database } from '../../db/schema.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { displayPicture } from '../pictures/serving.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import { fail, judgesRequired, judgingState, contestLabel, loadContest, lockContest, NOTICE_BATCH } from './shared.ts';
import { NOTICE_MAX_ATTEMPTS } from './notices.ts';
import { metrics } from '../../metrics/scope.ts';

/**
 * The admin's review of a closed contest: every mark with who and when, the point, the best
 * entries. Anyone who is or has been a judge of this contest (judgeOfContest) sees none of the
 * marks until the result is published (marksHidden): the console must not show a judge what the
 * panel hides, and revoking one's own judge role to look, then taking it back to mark (or to have
 * a mark reset and mark again) must not work either (issue 27, finding 10).
 */
/**
 * Whether someone holds the judge role now or held it at any time since the contest opened. Every
 * grant and revoke is written to the audit log in its own transaction, with the roles before and
 * after, so a line about them since then whose roles include 'judge' on either side says they held it.
 */
export async function judgeOfContest(db: Kysely<Database>, userId: string, since: number): Promise<boolean> {
  const now = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', 'judge')
    .executeTakeFirst();
  if (now) return true;
  const changes = await db
    .selectFrom('audit_log')
    .select(['before_json', 'after_json'])
    .where('target_type', '=', 'user')
    .where('target_id', '=', userId)
    .where('action', 'in', ['role.grant', 'role.revoke'])
    .where('created_at', '>=', since)
    .execute();
  return changes.some((c) => rolesIn(c.before_json).includes('judge') || rolesIn(c.after_json).includes('judge'));
}

function rolesIn(json: string | null): string[] {
  if (!json) return [];
  try {
    const roles = (JSON.parse(json) as { roles?: unknown }).roles;
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export async function resultReview(
  db: Kysely<Database>,
  store: PictureStore,
  contestId: string,
  viewerId: string,
  now: number,
): Promise<ResultReview> {
  const contest = await loadContest(db, contestId);
  const state = judgingState(contest.state);
  if (!state) throw fail(409, 'notJudgeable');
  const picture = await displayPicture(db, store, contest.picture_id);
  if (!picture) throw fail(503, 'pictureMissing');
  const marks = await db
    .selectFrom('judge_marks')
    .innerJoin('users', 'users.id', 'judge_marks.judge_id')
    .select([
      'judge_marks.judge_id',
      'judge_marks.x',
      'judge_marks.y',
      'judge_marks.created_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('judge_marks.contest_id', '=', contestId)
    .orderBy('judge_marks.created_at')
    .execute();
  const marksHidden =
    state !== 'published' &&
    (marks.some((m) => m.judge_id === viewerId) || (await judgeOfContest(db, viewerId, contest.opens_at)));
  const entries = await db
    .selectFrom('contest_ranks')
    .innerJoin('tickets', 'tickets.id', 'contest_ranks.ticket_id')
    .innerJoin('users', 'users.id', 'contest_ranks.user_id')
    .leftJoin('prize_claims', (join) =>
      join
        .onRef('prize_claims.contest_id', '=', 'contest_ranks.contest_id')
        .onRef('prize_claims.user_id', '=', 'contest_ranks.user_id'),
    )
    .select([
      'contest_ranks.rank',
      'contest_ranks.ticket_id',
      'contest_ranks.distance',
      'tickets.x',
      'tickets.y',
      'tickets.confirmed_at',
      'users.first_name',
      'prize_claims.state',
    ])
    .where('contest_ranks.contest_id', '=', contestId)
    .where('contest_ranks.rank', '<=', REVIEW_TOP_ENTRIES)
    .orderBy('contest_ranks.rank')
    .execute();
  const counts = await db
    .selectFrom('tickets')
    .select([(eb) => eb.fn.countAll<number>().as('tickets'), sql<number>`count(distinct user_id)`.as('entrants')])
    .where('contest_id', '=', contestId)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  const notices = await noticeCounts(db, contestId);
  let publishedBy: string | null = null;
  if (contest.published_by) {
    const who = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', contest.published_by)
      .executeTakeFirst();
    publishedBy = who ? `${who.first_name} ${who.last_name}` : null;
  }
  const point = judgedPointOf(contest);
  return {
    contestId: contest.id,
    windowKey: contest.window_key,
    state,
    closesAt: contest.closes_at,
    showAt: Number(contest.show_at),
    required: state === 'awaiting' || state === 'judging' ? await judgesRequired(db) : (contest.judged_count ?? 0),
    picture,
    marksHidden,
    markCount: marks.length,
    // Hidden: only the viewer's own mark, never another judge's.
    marks: (marksHidden ? marks.filter((m) => m.judge_id === viewerId) : marks).map((m) => ({
      judgeId: m.judge_id,
      judgeName: `${m.first_name} ${m.last_name}`,
      x: m.x,
      y: m.y,
      at: m.created_at,
    })),
    judged: point && contest.judged_at !== null ? { ...point, at: contest.judged_at } : null,
    entries: entries.map((e) => ({
      rank: e.rank,
      ticketId: e.ticket_id,
      x: e.x,
      y: e.y,
      distance: e.distance,
      firstName: e.first_name,
      state: e.state ?? null,
      confirmedAt: e.confirmed_at ?? 0,
    })),
    ticketCount: Number(counts.tickets),
    entrantCount: Number(counts.entrants),
    publishedAt: contest.published_at,
    publishedBy,
    notices: { ...notices, sendsAt: notices.pending > 0 && contest.show_at > now ? contest.show_at : null },
  };
}

/**
 * What became of a contest's result notices. A notice closed without any channel stamped went to
 * nobody (a deleted account): it is not counted as told. One tried NOTICE_MAX_ATTEMPTS times
 * stays unsent for good: failed, not pending.
 */
async function noticeCounts(
  db: Kysely<Database>,
  contestId: string,
): Promise<{ total: number; sent: number; notTold: number; failed: number; pending: number }> {
  const told = sql<boolean>`(sms_sent_at is not null or email_sent_at is not null)`;
  const row = await db
    .selectFrom('result_notices')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('total'),
      sql<number | string>`sum(case when sent_at is not null and ${told} then 1 else 0 end)`.as('sent'),
      sql<number | string>`sum(case when sent_at is not null and not ${told} then 1 else 0 end)`.as('notTold'),
      sql<number | string>`sum(case when sent_at is null and attempts >= ${NOTICE_MAX_ATTEMPTS} then 1 else 0 end)`.as(
        'failed',
      ),
    ])
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const [sent, notTold, failed] = [Number(row.sent ?? 0), Number(row.notTold ?? 0), Number(row.failed ?? 0)];
  return { total, sent, notTold, failed, pending: total - sent - notTold - failed };
}

/**
 * Publishes a judged result: the state, who and when, and one notice per entrant (the winner's
 * says so) written in the same transaction. Sending happens afterwards (sendResultNotices), so a
 * second publish is refused and a crash loses no notice.
 */
export async function publishResult(
  db: Kysely<Database>,
  actor: AuditActor & { id: string },
  contestId: string,
  now: number,
): Promise<{ notices: number; publicAt: number }> {
  return db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, contestId);
    if (contest.state !== 'judged') throw fail(409, 'notJudged');
    const updated = await trx
      .updateTable('contests')
      .set({ state: 'published', published_at: now, published_by: actor.id, updated_at: now })
      .where('id', '=', contestId)
      .where('state', '=', 'judged')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail(409, 'notJudged');
    const best = await trx
      .selectFrom('contest_ranks')
      .select(['user_id', (eb) => eb.fn.min<number>('rank').as('best')])
      .where('contest_id', '=', contestId)
      .groupBy('user_id')
      .execute();
    for (let start = 0; start < best.length; start += NOTICE_BATCH) {
      await trx
        .insertInto('result_notices')
        .values(
          best.slice(start, start + NOTICE_BATCH).map((b) => ({
            contest_id: contestId,
            user_id: b.user_id,
            kind: Number(b.best) === 1 ? ('winner' as const) : ('entrant' as const),
            best_rank: Number(b.best),
            created_at: now,
            sent_at: null,
          })),
        )
        .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
        .execute();
    }
    const winner = best.find((b) => Number(b.best) === 1);
    const point = judgedPointOf(contest);
    await recordAudit(trx, actor, {
      action: 'result.publish',
      targetType: 'contest',
      targetId: contestId,
      summary:
        contest.show_at > now
          ? `Published the result of ${contestLabel(contest)} (${best.length} ${best.length === 1 ? 'entrant' : 'entrants'} told at the show, ${istDateTime(Number(contest.show_at))})`
          : `Published the result of ${contestLabel(contest)} (${best.length} entrants told)`,
      before: { state: 'judged' },
      after: { state: 'published', judged: point, winnerId: winner?.user_id ?? null, entrants: best.length },
      now,
    });
    metrics().contestPublications.inc();
    // The show-time gate: public (and told) at the winner show, or at once when it has started.
    return { notices: best.length, publicAt: Math.max(now, Number(contest.show_at)) };
  });
}
