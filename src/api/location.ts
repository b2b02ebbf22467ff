import {
  LOCATION_ERROR_CODES,
  type LocationClaimBody,
  type LocationRestriction,
  locationRestrictionSchema,
  type LocationStatus,
  locationStatusSchema,
} from '../../domain/location.ts';
import type { VerifyOutcome } from '../../machines/location-gate.machine.ts';
import { apiErrorOf, dataOf, http, InvalidResponseError } from './http.ts';
import { askLocation } from './location-answer.ts';

/**
 * Where play is allowed for this visitor and session (works without a login); a look while the
 * country gate's is under way takes its answer (location-answer.ts).
 */
export async function getLocationStatus(): Promise<LocationStatus> {
  const result = locationStatusSchema.safeParse(await askLocation());
  if (!result.success) throw new InvalidResponseError();
  return result.data;
}

function restrictionOf(error: unknown): LocationRestriction | null {
  const failure = apiErrorOf(error);
  if (failure.status !== 403 || failure.code !== LOCATION_ERROR_CODES.areaRestricted) return null;
  const details = locationRestrictionSchema.safeParse(failure.details);
  return details.success ? details.data : { scope: 'country', countryCode: null, state: null };
}

/**
 * Sends the device's position for the session's check. A refusal (403 AREA_RESTRICTED) is an
 * answer, not a failure: it resolves with the restriction; anything else that fails rejects.
 */
export async function sendLocation(coords: LocationClaimBody): Promise<VerifyOutcome> {
  try {
    const result = locationStatusSchema.safeParse(dataOf<unknown>((await http.post('/location', coords)).data));
    if (!result.success) throw new InvalidResponseError();
    return { allowed: true, status: result.data };
  } catch (error) {
    const restriction = restrictionOf(error);
    if (restriction) return { allowed: false, restriction };
    throw error;
  }
}
