import type { Kysely } from 'kysely';
import type { PaidPlayState } from '../../../domain/admin-settings.ts';
import type { RestrictedStatesState } from '../../../domain/location.ts';
import type { LocationConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { indianStates } from '../../geo/india-states.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { RESTRICTED_STATES_KEY, restrictedStatesState } from '../contests/location.service.ts';
import { clearPaidPlay, paidPlayState, setPaidPlay } from '../contests/settings.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';

const word = (enabled: boolean) => (enabled ? 'on' : 'off');

/**
 * Switches paid play site-wide (every instance reads the setting on each request) or, with
 * `enabled` null, hands the decision back to the environment's PAID_PLAY. Audited as
 * 'setting.paid_play' in the same transaction; a switch to the state it already has changes
 * and logs nothing.
 */
export async function switchPaidPlay(
  db: Kysely<Database>,
  actor: AuditActor,
  enabled: boolean | null,
  defaultEnabled: boolean,
  now: number,
): Promise<{ state: PaidPlayState; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await paidPlayState(trx, defaultEnabled);
    if (enabled === null ? before.source === 'environment' : before.source === 'console' && before.enabled === enabled)
      return { state: before, changed: false };
    if (enabled === null) await clearPaidPlay(trx);
    else await setPaidPlay(trx, enabled, now);
    const after = await paidPlayState(trx, defaultEnabled);
    await recordAudit(trx, actor, {
      action: 'setting.paid_play',
      targetType: 'setting',
      targetId: 'paid_play',
      summary:
        enabled === null
          ? `Handed paid play back to the environment default (${word(defaultEnabled)})`
          : `Switched paid play ${word(enabled)}`,
      before: { paidPlay: word(before.enabled), source: before.source },
      after: { paidPlay: word(after.enabled), source: after.source },
      now,
    });
    return { state: after, changed: true };
  });
}

/**
 * Sets the restricted states (codes checked against the known states) or, with `codes` null,
 * hands the list back to the environment's RESTRICTED_STATES. Audited as
 * 'setting.restricted_states' in the same transaction; the same list again changes nothing.
 */
export async function setRestrictedStates(
  db: Kysely<Database>,
  actor: AuditActor,
  codes: string[] | null,
  config: LocationConfig,
  now: number,
): Promise<{ state: RestrictedStatesState; changed: boolean }> {
  if (codes) {
    const known = new Set(indianStates().map((state) => state.code));
    const unknown = codes.filter((code) => !known.has(code));
    if (unknown.length) {
      const message = SERVER_ERROR_MESSAGES.unknownStateCodes(unknown.slice(0, 3));
      throw new AppError(400, 'VALIDATION_FAILED', message, { codes: message });
    }
  }
  const wanted = codes ? [...new Set(codes)].sort() : null;
  return db.transaction().execute(async (trx) => {
    const before = await restrictedStatesState(trx, config);
    if (
      wanted === null
        ? before.source === 'environment'
        : before.source === 'console' && [...before.codes].sort().join(',') === wanted.join(',')
    )
      return { state: before, changed: false };
    if (wanted === null) await trx.deleteFrom('settings').where('key', '=', RESTRICTED_STATES_KEY).execute();
    else {
      const value = JSON.stringify(wanted);
      await trx
        .insertInto('settings')
        .values({ key: RESTRICTED_STATES_KEY, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    }
    const after = await restrictedStatesState(trx, config);
    const list = (list: string[]) => (list.length ? list.join(', ') : 'none');
    await recordAudit(trx, actor, {
      action: 'setting.restricted_states',
      targetType: 'setting',
      targetId: RESTRICTED_STATES_KEY,
      summary:
        wanted === null
          ? `Handed the restricted states back to the environment default (${list(config.restrictedStatesDefault)})`
          : `Set the restricted states to ${list(after.codes)}`,
      before: { restrictedStates: before.codes, source: before.source },
      after: { restrictedStates: after.codes, source: after.source },
      now,
    });
    return { state: after, changed: true };
  });
}
