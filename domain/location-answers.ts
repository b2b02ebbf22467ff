/**
 * The location gate's answers read without zod (issue 29): the country gate asks on every page's
 * first load and the play screen's location gate as it opens, and zod is part of neither's first
 * paint. The checks accept exactly what locationStatusSchema and locationRestrictionSchema
 * (location.ts) accept; tests/domain/location-answers.test.ts holds them together.
 */
import type { LocationRestriction, LocationStatus } from './location.ts';
import { isBoolean, isNumber, isObject, isString } from './value-checks.ts';

/** The error codes the gate answers with (AppError codes). */
export const LOCATION_ERROR_CODES = {
  /** 403: outside India, or in a restricted state. details: LocationRestriction. */
  areaRestricted: 'AREA_RESTRICTED',
  /** 428: contest play needs a fresh location check of this session. */
  locationRequired: 'LOCATION_REQUIRED',
} as const;

function isIndianState(value: unknown): boolean {
  return isObject(value) && isString(value['code']) && isString(value['nameEn']) && isString(value['nameHi']);
}

export function isLocationStatus(value: unknown): value is LocationStatus {
  if (!isObject(value) || !isBoolean(value['enforced'])) return false;
  const { country, check, ttlMinutes } = value;
  if (!isObject(country) || !(country['code'] === null || isString(country['code'])) || !isBoolean(country['allowed']))
    return false;
  if (check !== null) {
    if (!isObject(check) || !isIndianState(check['state']) || !isBoolean(check['allowed']) || !isNumber(check['until']))
      return false;
  }
  return isNumber(ttlMinutes) && Number.isInteger(ttlMinutes);
}

/** Why play is refused (a 403 AREA_RESTRICTED's details), as locationRestrictionSchema reads it. */
export function isLocationRestriction(value: unknown): value is LocationRestriction {
  if (!isObject(value) || (value['scope'] !== 'country' && value['scope'] !== 'state')) return false;
  const { countryCode, state } = value;
  return (countryCode === null || isString(countryCode)) && (state === null || isIndianState(state));
}
