import { isLocationStatus } from '../../domain/location-status.ts';
import type { LocationStatus } from '../../domain/location.ts';
import { dataOf, http, InvalidResponseError } from './http.ts';

/**
 * Where play is allowed for this visitor, as getLocationStatus (location.ts) reads it, checked
 * without zod: the country gate asks on every page's first load (issue 29).
 */
export async function getCountryStatus(): Promise<LocationStatus> {
  const status = dataOf<unknown>((await http.get('/location')).data);
  if (!isLocationStatus(status)) throw new InvalidResponseError();
  return status;
}
