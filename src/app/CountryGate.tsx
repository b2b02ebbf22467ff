import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getCountryStatus } from '../api/country.ts';
import { paths } from '../shared/paths.ts';

// The screen loads only when needed, after the first paint.
const AreaRestricted = lazy(() =>
  import('./location/LocationScreens.tsx').then((m) => ({ default: m.AreaRestricted })),
);

/** Pages that stay open outside India: what the site is bound by, and how to reach us. */
const openEverywhere = new Set<string>([paths.terms, paths.privacy, paths.cookies, paths.contactUs]);

/** Asked once per page load, whatever the route. */
let refused: Promise<boolean> | null = null;
function isRefusedHere(): Promise<boolean> {
  refused ??= getCountryStatus()
    .then((status) => status.enforced && !status.country.allowed)
    // The server refuses the APIs anyway; a failed look-up must not close the site.
    .catch(() => false);
  return refused;
}

/** For tests: forget the answer of this page load. */
export function resetCountryGate() {
  refused = null;
}

/**
 * Outside India the site is closed ('Area Restricted', access restricted outside India), except
 * the legal and contact pages. The page renders meanwhile: the answer only replaces the content.
 */
export function CountryGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    let live = true;
    void isRefusedHere().then((answer) => live && setBlocked(answer));
    return () => {
      live = false;
    };
  }, []);
  if (!blocked || openEverywhere.has(pathname)) return children;
  return (
    <Suspense fallback={null}>
      <AreaRestricted restriction={{ scope: 'country', countryCode: null, state: null }} />
    </Suspense>
  );
}
