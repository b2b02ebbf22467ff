import type { Kysely } from 'kysely';
import {
  CONTEST_ADMIN_ERROR_CODES,
  CONTEST_ADMIN_MESSAGES,
  type ContestCounters,
  type CountersCheck,
  type CountersRepair,
} from '../../../domain/admin-contests.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { checkContest, type CounterCheck, recountContest } from '../contests/contest-counters.service.ts';
import { type ContestRow, contestState } from '../contests/contest.service.ts';
import { isPostgres } from '../../db/dialect.ts';
import { contestLabel } from '../judging/shared.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function present(row: ContestRow, check: CounterCheck, now: number): ContestCounters {
  return {
    contestId: row.id,
    windowKey: row.window_key,
    slot: row.slot,
    state: contestState(row, now),
    opensAt: iso(row.opens_at),
    closesAt: iso(row.closes_at),
    takenCounter: check.takenCounter,
    takenActual: check.takenActual,
    players: check.players,
    playersMismatched: check.playersMismatched,
    ok: check.ok,
  };
}

const differences = (c: ContestCounters) => ({
  contestId: c.contestId,
  takenCounter: c.takenCounter,
  takenActual: c.takenActual,
  playersMismatched: c.playersMismatched,
});

/**
 * The console's counters check: every contest whose tickets can still change (published and
 * cancelled contests are settled) compared with its tickets, newest window first. Audited, so the
 * log says when the counters were last seen right, and what differed.
 */
export async function checkCounters(db: Kysely<Database>, actor: AuditActor, now: number): Promise<CountersCheck> {
  const rows = (await db
    .selectFrom('contests')
    .selectAll()
    .where('state', 'not in', ['published', 'cancelled'])
    .orderBy('opens_at', 'desc')
    .orderBy('id', 'desc')
    .execute()) as ContestRow[];
  const contests: ContestCounters[] = [];
  for (const row of rows) contests.push(present(row, await checkContest(db, row.id), now));
  const wrong = contests.filter((c) => !c.ok);
  await recordAudit(db, actor, {
    action: 'contest.counters.check',
    targetType: 'contest',
    targetId: null,
    summary: `Checked the ticket counters of ${contests.length} ${contests.length === 1 ? 'contest' : 'contests'}: ${wrong.length === 0 ? 'all match' : `${wrong.length} differ`}`,
    after: { checked: contests.length, differing: wrong.map(differences) },
    now,
  });
  return { checkedAt: iso(now), contests };
}

/**
 * Recounts one contest's counters from its tickets in one transaction: the contest row locked
 * (PostgreSQL FOR UPDATE, as a reservation locks it) and then its counter row, so no purchase,
 * release or cancellation of this contest is half done while the tickets are counted. Audited
 * with the figures before and after.
 */
export async function repairCounters(
  db: Kysely<Database>,
  actor: AuditActor,
  contestId: string,
  now: number,
): Promise<CountersRepair> {
  return db.transaction().execute(async (trx) => {
    const row = (await trx
      .selectFrom('contests')
      .selectAll()
      .where('id', '=', contestId)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst()) as ContestRow | undefined;
    if (!row) throw new AppError(404, CONTEST_ADMIN_ERROR_CODES.notFound, CONTEST_ADMIN_MESSAGES.notFound);
    const { before, after } = await recountContest(trx, contestId);
    const result = { before: present(row, before, now), after: present(row, after, now) };
    const label = contestLabel(row);
    await recordAudit(trx, actor, {
      action: 'contest.counters.repair',
      targetType: 'contest',
      targetId: contestId,
      summary: before.ok
        ? `Recounted the tickets of ${label}: the counters already matched (${after.takenActual} taken)`
        : `Recounted the tickets of ${label}: taken ${before.takenCounter} → ${after.takenCounter}, ${before.playersMismatched} ${before.playersMismatched === 1 ? 'player' : 'players'} corrected`,
      before: differences(result.before),
      after: differences(result.after),
      now,
    });
    return result;
  });
}
