import type { LocationClaimBody, LocationRestriction } from '../../domain/location.ts';
import { isLocationRestriction, isLocationStatus, LOCATION_ERROR_CODES } from '../../domain/location-answers.ts';
import type { VerifyOutcome } from '../../machines/location-gate.machine.ts';
import { apiErrorOf, dataOf, http, validAnswer } from './http.ts';

/**
 * Where play is allowed for this visitor and session (works without a login): the country gate's
 * ask (country.ts), whose answer a look while it is under way takes (location-answer.ts).
 */
export { getCountryStatus as getLocationStatus } from './country.ts';

function restrictionOf(error: unknown): LocationRestriction | null {
  const failure = apiErrorOf(error);
  if (failure.status !== 403 || failure.code !== LOCATION_ERROR_CODES.areaRestricted) return null;
  return isLocationRestriction(failure.details)
    ? failure.details
    : { scope: 'country', countryCode: null, state: null };
}

/**
 * Sends the device's position for the session's check. A refusal (403 AREA_RESTRICTED) is an
 * answer, not a failure: it resolves with the restriction; anything else that fails rejects.
 */
export async function sendLocation(coords: LocationClaimBody): Promise<VerifyOutcome> {
  try {
    const status = validAnswer(dataOf<unknown>((await http.post('/location', coords)).data), isLocationStatus);
    return { allowed: true, status };
  } catch (error) {
    const restriction = restrictionOf(error);
    if (restriction) return { allowed: false, restriction };
    throw error;
  }
}
