import type { SiteSettings } from '../../domain/site.ts';
import { dataAs, http } from './http.ts';

/** The settings the information pages state; see domain/site.ts. */
export async function fetchSiteSettings(): Promise<SiteSettings> {
  return await dataAs('site', (await http.get('/site')).data);
}
