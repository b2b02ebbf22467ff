import type { Kysely } from 'kysely';
import type { PaidPlayState } from '../../domain/admin-settings.ts';
import type { Database } from '../db/schema.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';
import { clearPaidPlay, paidPlayState, setPaidPlay } from './settings.service.ts';

const word = (enabled: boolean) => (enabled ? 'on' : 'off');

/**
 * Switches paid play site-wide (every instance reads the setting on each request) or, with
 * `enabled` null, hands the decision back to the environment's PAID_PLAY. Audited as
 * 'setting.paid_play' in the same transaction; a switch to the state it already has changes
 * and logs nothing.
 */
export async function switchPaidPlay(db: Kysely<Database>, actor: AuditActor, enabled: boolean | null, defaultEnabled: boolean, now: number): Promise<{ state: PaidPlayState; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await paidPlayState(trx, defaultEnabled);
    if (enabled === null ? before.source === 'environment' : before.source === 'console' && before.enabled === enabled) return { state: before, changed: false };
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
