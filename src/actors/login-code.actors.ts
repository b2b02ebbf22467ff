import { fromPromise } from 'xstate';
import { loginCodeMachine } from '../../machines/login-code.machine.ts';
import { requestLoginCode, verifyLoginCode } from '../api/auth.ts';
import { loginMarker } from '../shared/login-marker.ts';

/** The login-by-code steps with the real API calls; `onLoggedIn` is where the page sends a login. */
export function loginCodeMachineFor({ onLoggedIn }: { onLoggedIn: () => void }) {
  return loginCodeMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => (await requestLoginCode(input.phone)).data),
      verifyCode: fromPromise(async ({ input }) => {
        await verifyLoginCode(input.phone, input.code);
      }),
    },
    actions: {
      setLoginMarker: () => loginMarker.set(),
      goOn: () => onLoggedIn(),
    },
  });
}
