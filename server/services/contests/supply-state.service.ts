import type { Kysely } from 'kysely';
import { stateByIsoCode, type SupplyStateAnswer } from '../../../domain/india-states.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The player's state for the tax invoice's place of supply (IGST Act 2017, s.12(2)(b)): the
 * state on record, and as the default the state this session's location check found (its ISO
 * code turned into the GST state code). The check's signature is not needed for a default that
 * the player confirms or changes; the location gate checks it where play depends on it.
 */
export async function supplyStateOf(
  db: Kysely<Database>,
  userId: string,
  sessionIdHash: string | null,
  sellerState: string,
): Promise<SupplyStateAnswer> {
  const [user, session] = await Promise.all([
    db.selectFrom('users').select('supply_state').where('id', '=', userId).executeTakeFirst(),
    sessionIdHash
      ? db.selectFrom('sessions').select('location_state').where('id_hash', '=', sessionIdHash).executeTakeFirst()
      : undefined,
  ]);
  const located = session?.location_state ? stateByIsoCode(session.location_state) : null;
  return { stateCode: user?.supply_state ?? null, suggested: located?.gst ?? null, sellerState };
}

/** Records the player's state (a GST state code the route has checked); later orders use it. */
export async function recordSupplyState(
  db: Kysely<Database>,
  userId: string,
  stateCode: string,
  now: number,
): Promise<void> {
  await db.updateTable('users').set({ supply_state: stateCode, updated_at: now }).where('id', '=', userId).execute();
}
