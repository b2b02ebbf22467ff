/**
 * Close now and Reopen (issue 26): the console moves a contest's close, so no one writes
 * closes_at by hand. Both lock the contest row (a reservation locks it too, so no ticket slips in
 * while it moves) and are audited with the reason.
 *
 * - Close now: a contest taking entries closes at this moment. Its entry list is sealed at once
 *   when no reservation of it can still confirm (else by the seal job once the last one ends), and
 *   judging opens then, exactly as at a scheduled close.
 * - Reopen: a closed contest that no judge has marked and nothing has decided (a sealed answer
 *   decides at the seal) takes entries again until a new close, no later than its winner show.
 *   An entry list sealed at the close is withdrawn (its root, size and time kept in the audit
 *   entry) and sealed anew at the new close: tickets may be added, so the old root would lie.
 */
import type { Kysely } from 'kysely';
import type { AdminContest } from '../../../../domain/admin-contests.ts';
import type { Database } from '../../../db/schema.ts';
import { type AuditActor, recordAudit } from '../../site/audit.service.ts';
import { contestLabel } from '../../judging/shared.ts';
import { sealContest } from '../../judging/verification.service.ts';
import { sealOf } from '../../judging/sealed-entries.ts';
import { overlapRefusal, overlapping } from './overlap.ts';
import { adminContest, isClosable, isReopenable } from './present.ts';
import { fail, findRow, iso, n } from './shared.ts';

export async function closeContestNow(
  db: Kysely<Database>,
  secret: string,
  actor: AuditActor,
  id: string,
  reason: string,
  now: number,
): Promise<AdminContest> {
  await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id, true);
    if (!isClosable(row, now)) throw fail(409, 'notOpen');
    // The last open millisecond is the one before now: from now on the contest is closed.
    const closesAt = now - 1;
    await trx
      .updateTable('contests')
      .set({ closes_at: closesAt, closed_early_from: n(row.closes_at), updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'contest.close',
      targetType: 'contest',
      targetId: id,
      summary: `Closed ${contestLabel(row)} now: ${reason}`,
      before: { closesAt: iso(row.closes_at) },
      after: { closesAt: iso(closesAt), reason },
      now,
    });
  });
  // Sealed at once when nothing can still confirm; otherwise the seal job does it when the last reservation ends.
  await sealContest(db, secret, id, now);
  return adminContest(db, id, now);
}

export async function reopenContest(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  input: { reason: string; closesAt: string },
  now: number,
): Promise<AdminContest> {
  const closesAt = Date.parse(input.closesAt);
  await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id, true);
    const marks = await trx
      .selectFrom('judge_marks')
      .select('judge_id')
      .where('contest_id', '=', id)
      .limit(1)
      .execute();
    if (!isReopenable(row, marks.length, now)) throw fail(409, 'notReopenable');
    if (!(closesAt > now) || closesAt > n(row.show_at) || closesAt <= n(row.opens_at))
      throw fail(400, 'reopenClose', undefined);
    const other = await overlapping(trx, n(row.opens_at), closesAt, id);
    if (other) throw overlapRefusal(other);
    const seal = await sealOf(trx, id);
    if (seal) await trx.deleteFrom('contest_seals').where('contest_id', '=', id).execute();
    await trx
      .updateTable('contests')
      .set({ closes_at: closesAt, closed_early_from: null, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'contest.reopen',
      targetType: 'contest',
      targetId: id,
      summary: `Reopened ${contestLabel(row)} until ${iso(closesAt)}: ${input.reason}${seal ? ' (the seal made at the close was withdrawn)' : ''}`,
      before: {
        closesAt: iso(row.closes_at),
        seal: seal ? { root: seal.root, leafCount: seal.leafCount, sealedAt: iso(seal.sealedAt) } : null,
      },
      after: { closesAt: iso(closesAt), reason: input.reason, seal: null },
      now,
    });
  });
  return adminContest(db, id, now);
}
