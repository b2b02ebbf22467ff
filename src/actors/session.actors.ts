import { sessionMachine } from '../../machines/session.machine.ts';
import { loginMarker } from '../shared/login-marker.ts';
import { paths } from '../shared/paths.ts';

/**
 * The session machine with the browser's effects: the login marker, and navigation on a 401 (to
 * /login, remembering where the user was) and on expiry (to /).
 */
export function sessionMachineFor({ navigate }: { navigate: (to: string, options?: { state: unknown }) => void }) {
  return sessionMachine.provide({
    actions: {
      clearLoginMarker: () => loginMarker.clear(),
      redirectToLogin: () => {
        const { pathname, search, hash } = window.location;
        if (pathname !== paths.login) navigate(paths.login, { state: { from: `${pathname}${search}${hash}` } });
      },
      redirectHome: () => navigate(paths.home),
    },
  });
}
