import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const PAID_PLAY_KEY = 'paid_play';

/**
 * Whether real-money play is on. Read from the database on every call (no cache), so every
 * instance behind the load balancer follows an admin's switch at once; the environment's
 * PAID_PLAY is only the default until someone sets it.
 */
export async function isPaidPlayEnabled(db: Kysely<Database>, defaultEnabled: boolean): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PAID_PLAY_KEY).executeTakeFirst();
  if (!row) return defaultEnabled;
  return row.value === 'on';
}

/** For the admin console (server/services/admin/admin-settings.service.ts) and tests. */
export async function setPaidPlay(db: Kysely<Database>, enabled: boolean, now: number): Promise<void> {
  const value = enabled ? 'on' : 'off';
  await db
    .insertInto('settings')
    .values({ key: PAID_PLAY_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** What the console shows: the state, and whether the environment or an admin decided it. */
export async function paidPlayState(
  db: Kysely<Database>,
  defaultEnabled: boolean,
): Promise<{
  enabled: boolean;
  source: 'environment' | 'console';
  environmentDefault: boolean;
  updatedAt: number | null;
}> {
  const row = await db
    .selectFrom('settings')
    .select(['value', 'updated_at'])
    .where('key', '=', PAID_PLAY_KEY)
    .executeTakeFirst();
  if (!row)
    return { enabled: defaultEnabled, source: 'environment', environmentDefault: defaultEnabled, updatedAt: null };
  return {
    enabled: row.value === 'on',
    source: 'console',
    environmentDefault: defaultEnabled,
    updatedAt: Number(row.updated_at),
  };
}

/** Back to the environment's default. */
export async function clearPaidPlay(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', PAID_PLAY_KEY).execute();
}
