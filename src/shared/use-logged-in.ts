import { createContext, useContext, useSyncExternalStore } from 'react';
import { loginMarker } from './login-marker.ts';

/**
 * What the build's pre-render assumes about the login marker, which it cannot read: no login,
 * except for the first paint of a screen only logged-in players reach (FIRST_PAINT_SCREENS'
 * `loggedIn`), which then shows the header a player sees there. In the browser the marker decides.
 */
export const AssumedLogin = createContext(false);

export function useLoggedIn(): boolean {
  const assumed = useContext(AssumedLogin);
  return useSyncExternalStore(loginMarker.subscribe, loginMarker.isSet, () => assumed);
}
