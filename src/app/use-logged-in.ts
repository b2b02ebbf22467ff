import { useSyncExternalStore } from 'react';
import { loginMarker } from './login-marker.ts';

export function useLoggedIn(): boolean {
  return useSyncExternalStore(loginMarker.subscribe, loginMarker.isSet, () => false);
}
