// Apart from geolocation.ts, so the screens (also shown outside India) do not bring XState along.

export type HelpPlatform = 'chromeDesktop' | 'android' | 'mac';

/** The help section to open first, from the user agent. */
export function helpPlatformOf(userAgent: string): HelpPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/Macintosh|Mac OS X/i.test(userAgent) && !/iPhone|iPad|Mobile/i.test(userAgent)) return 'mac';
  return 'chromeDesktop';
}
