import type { SiteSettings } from '../../domain/site.ts';
import { checked } from './checked.ts';
import { firstGet } from './first-get.ts';

/**
 * The settings the information pages state; see domain/site.ts. By firstGet, so an information
 * page needs no axios before it settles (issue 29).
 */
export async function fetchSiteSettings(): Promise<SiteSettings> {
  return await checked('site', await firstGet('/site'));
}
