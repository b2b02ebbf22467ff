import { isLocationStatus } from '../../domain/location-answers.ts';
import type { LocationStatus } from '../../domain/location.ts';
import { validAnswer } from './api-error.ts';
import { askLocation } from './location-answer.ts';

/**
 * Where play is allowed for this visitor, as getLocationStatus (location.ts) reads it, without zod
 * or axios: the country gate asks on every page's first load (issue 29), sharing the request with a
 * location gate that asks meanwhile (location-answer.ts).
 */
export async function getCountryStatus(): Promise<LocationStatus> {
  return validAnswer(await askLocation(), isLocationStatus);
}
