import type { SiteSettings } from '../../domain/site.ts';
import { dataOf, http } from './http.ts';

/** The settings the information pages state; see domain/site.ts. */
export async function fetchSiteSettings(): Promise<SiteSettings> {
  return dataOf<SiteSettings>((await http.get('/site')).data);
}
