import { useEffect, useState } from 'react';
import { fetchSiteSettings } from '../api/site.ts';

/**
 * Issue 26: whether 'Continue with Google' may be offered. A feature that is not configured is not
 * offered: null while the site's settings load (nothing shown yet), then what GET /site says.
 * A failed read shows no button rather than one that leads to an error.
 */
export function useGoogleSignIn(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    fetchSiteSettings().then(
      (settings) => live && setAvailable(settings.googleSignIn === true),
      () => live && setAvailable(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return available;
}
