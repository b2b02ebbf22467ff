/**
 * GET /api/v1/location's answer checked without zod (issue 29): the country gate asks on every
 * page's first load, and zod is not part of a public page's first paint. It accepts exactly what
 * locationStatusSchema (location.ts) accepts; tests/domain/location-status.test.ts holds the two
 * together.
 */
import type { LocationStatus } from './location.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

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
