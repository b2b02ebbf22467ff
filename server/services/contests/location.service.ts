import { createHmac } from 'node:crypto';
import { sameHex } from '../../constant-time.ts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { INDIA, type IndianState, type LocationRestriction, type LocationStatus } from '../../../domain/location.ts';
import { LOCATION_ERROR_CODES } from '../../../domain/location-answers.ts';
import type { LocationConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { indianStateByCode, indianStates, stateAt } from '../../geo/india-states.ts';
import { ipCountryLookup, isLocalAddress } from '../../geo/ip-country.ts';

/**
 * Where play is allowed: the one place for the rule.
 * - Country: from the request's address (behind TRUSTED_PROXIES, Fastify's request.ip), offline.
 *   Outside India the site shows 'Area Restricted' and sign-up, cart and payment calls refuse.
 * - State: from the device's coordinates, sent by the browser after the player allows it. The
 *   server maps them to a state offline and keeps the result in the session row for
 *   LOCATION_TTL_MINUTES with an HMAC over the session, the state and the end time, so that a
 *   value copied between sessions or written without the secret counts for nothing. Every cart,
 *   ticket and payment call that adds or pays checks it against the restricted states of now.
 */

export const RESTRICTED_STATES_KEY = 'restricted_states';

export const OUTSIDE_INDIA_MESSAGE = 'Area Restricted: access is restricted outside India.';
export const LOCATION_REQUIRED_MESSAGE =
  'Location Access Required: allow this site to use your location to play contests, then try again.';
export const restrictedStateMessage = (state: IndianState) =>
  `Area Restricted: access is restricted in ${state.nameEn}, India. Game Unavailable in Your Region.`;

/** The country of an address: loopback and private ones count as LocationConfig.localCountry. */
export function countryOfAddress(ip: string, config: LocationConfig): string | null {
  if (isLocalAddress(ip)) return config.localCountry;
  return ipCountryLookup().countryOf(ip);
}

/** The restricted states of now: the console's list, or the environment's default. */
export async function restrictedStateCodes(db: Kysely<Database>, config: LocationConfig): Promise<string[]> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', RESTRICTED_STATES_KEY)
    .executeTakeFirst();
  if (!row) return config.restrictedStatesDefault;
  try {
    const codes = JSON.parse(row.value) as unknown;
    return Array.isArray(codes)
      ? codes.filter((code): code is string => typeof code === 'string')
      : config.restrictedStatesDefault;
  } catch {
    return config.restrictedStatesDefault;
  }
}

/** The console's view of the list. */
export async function restrictedStatesState(db: Kysely<Database>, config: LocationConfig) {
  const row = await db
    .selectFrom('settings')
    .select(['value', 'updated_at'])
    .where('key', '=', RESTRICTED_STATES_KEY)
    .executeTakeFirst();
  return {
    codes: await restrictedStateCodes(db, config),
    source: row ? ('console' as const) : ('environment' as const),
    environmentDefault: config.restrictedStatesDefault,
    updatedAt: row ? Number(row.updated_at) : null,
    states: indianStates(),
  };
}

function signature(secret: string, sessionIdHash: string, stateCode: string, until: number): string {
  return createHmac('sha256', secret).update(`location:${sessionIdHash}:${stateCode}:${until}`).digest('hex');
}

/** The state a session's check found, while it holds and its signature is right; else null. */
async function sessionCheck(
  db: Kysely<Database>,
  secret: string,
  sessionIdHash: string | null,
  now: number,
): Promise<{ state: IndianState; until: number } | null> {
  if (!sessionIdHash) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['location_state', 'location_until', 'location_sig'])
    .where('id_hash', '=', sessionIdHash)
    .executeTakeFirst();
  if (!row?.location_state || row.location_until === null || !row.location_sig) return null;
  const until = Number(row.location_until);
  if (until <= now) return null;
  if (!sameHex(row.location_sig, signature(secret, sessionIdHash, row.location_state, until))) return null;
  const state = indianStateByCode(row.location_state);
  return state ? { state, until } : null;
}

export interface LocationContext {
  db: Kysely<Database>;
  config: LocationConfig;
  secret: string;
  now: number;
}

/** GET /api/v1/location: what the page needs to show or skip the gate. */
export async function locationStatus(
  ctx: LocationContext,
  ip: string,
  sessionIdHash: string | null,
): Promise<LocationStatus> {
  const code = countryOfAddress(ip, ctx.config);
  const check = await sessionCheck(ctx.db, ctx.secret, sessionIdHash, ctx.now);
  const restricted = check ? await restrictedStateCodes(ctx.db, ctx.config) : [];
  return {
    enforced: ctx.config.enforced,
    country: { code, allowed: !ctx.config.enforced || code === INDIA },
    check: check ? { state: check.state, allowed: !restricted.includes(check.state.code), until: check.until } : null,
    ttlMinutes: ctx.config.ttlMinutes,
  };
}

const outsideIndia = (countryCode: string | null) =>
  new AppError(403, LOCATION_ERROR_CODES.areaRestricted, OUTSIDE_INDIA_MESSAGE, undefined, {
    scope: 'country',
    countryCode,
    state: null,
  } satisfies LocationRestriction);

const inRestrictedState = (state: IndianState) =>
  new AppError(403, LOCATION_ERROR_CODES.areaRestricted, restrictedStateMessage(state), undefined, {
    scope: 'state',
    countryCode: INDIA,
    state,
  } satisfies LocationRestriction);

const locationRequired = () => new AppError(428, LOCATION_ERROR_CODES.locationRequired, LOCATION_REQUIRED_MESSAGE);

/**
 * POST /api/v1/location: the device's coordinates. The state found is written to the session,
 * signed; in a restricted state the answer is 'Area Restricted' with it. Outside India (by
 * address or by coordinates) the check is cleared and the answer is 'Area Restricted'.
 */
export async function checkDeviceLocation(
  ctx: LocationContext,
  ip: string,
  sessionIdHash: string,
  latitude: number,
  longitude: number,
): Promise<LocationStatus> {
  const code = countryOfAddress(ip, ctx.config);
  if (ctx.config.enforced && code !== INDIA) {
    await clearCheck(ctx.db, sessionIdHash);
    throw outsideIndia(code);
  }
  const state = stateAt(latitude, longitude);
  if (!state) {
    await clearCheck(ctx.db, sessionIdHash);
    throw outsideIndia(null);
  }
  // The state is kept, signed, whether it is allowed or not: until the check ends, every play
  // call answers 'Area Restricted' with the state, and the page shows it without asking again.
  const until = ctx.now + ctx.config.ttlMinutes * 60_000;
  await ctx.db
    .updateTable('sessions')
    .set({
      location_state: state.code,
      location_until: until,
      location_sig: signature(ctx.secret, sessionIdHash, state.code, until),
    })
    .where('id_hash', '=', sessionIdHash)
    .execute();
  const restricted = await restrictedStateCodes(ctx.db, ctx.config);
  if (restricted.includes(state.code)) throw inRestrictedState(state);
  return {
    enforced: ctx.config.enforced,
    country: { code, allowed: true },
    check: { state, allowed: true, until },
    ttlMinutes: ctx.config.ttlMinutes,
  };
}

async function clearCheck(db: Kysely<Database>, sessionIdHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ location_state: null, location_until: null, location_sig: null })
    .where('id_hash', '=', sessionIdHash)
    .execute();
}

/** For the sign-up calls and the whole play path: the address must be in India. */
export function assertCountryAllowed(config: LocationConfig, ip: string): void {
  if (!config.enforced) return;
  const code = countryOfAddress(ip, config);
  if (code !== INDIA) throw outsideIndia(code);
}

/**
 * For every cart, ticket and payment call that adds or pays: India by address, and a valid
 * check of this session in a state that is not restricted now.
 */
export async function assertMayPlay(
  ctx: LocationContext,
  request: Pick<FastifyRequest, 'ip' | 'sessionIdHash'>,
): Promise<void> {
  if (!ctx.config.enforced) return;
  assertCountryAllowed(ctx.config, request.ip);
  const check = await sessionCheck(ctx.db, ctx.secret, request.sessionIdHash, ctx.now);
  if (!check) throw locationRequired();
  const restricted = await restrictedStateCodes(ctx.db, ctx.config);
  if (restricted.includes(check.state.code)) throw inRestrictedState(check.state);
}
