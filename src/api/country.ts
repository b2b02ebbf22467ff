import { isLocationStatus } from '../../domain/location-status.ts';
import type { LocationStatus } from '../../domain/location.ts';
import { InvalidResponseError } from './api-error.ts';
import { firstGet } from './first-get.ts';

/**
 * Where play is allowed for this visitor, as getLocationStatus (location.ts) reads it, without zod
 * or axios: the country gate asks on every page's first load (issue 29).
 */
export async function getCountryStatus(): Promise<LocationStatus> {
  const status = await firstGet<unknown>('/location');
  if (!isLocationStatus(status)) throw new InvalidResponseError();
  return status;
}
