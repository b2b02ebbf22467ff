import { fromPromise } from 'xstate';
import { toIndianE164 } from '../../domain/phone.ts';
import { socialSignupMachine } from '../../machines/social-signup.machine.ts';
import { socialLogin } from '../api/auth.ts';
import { loginMarker } from '../shared/login-marker.ts';
import { clearSocialDraft, deviceToken } from '../shared/social-draft.ts';

/** '+91' in front of the 10 digits, unless it is there already (spec section 5). */
function withCallingCode(phone: string): string {
  return phone.startsWith('+91') ? phone : toIndianE164(phone);
}

/** The social sign-up submit with the real API call; `goHome` takes the new player to / with the greeting. */
export function socialSignupMachineFor({ goHome }: { goHome: () => void }) {
  return socialSignupMachine.provide({
    actors: {
      submitSignup: fromPromise(async ({ input }) => {
        const answer = await socialLogin({
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone: withCallingCode(input.phone),
          signup_method: 'google',
          device_type: 'website',
          device_token: deviceToken(),
          agreeLegal: input.agreeLegal,
          agreeRules: input.agreeRules,
          agreeAge: input.agreeAge,
        });
        return { message: answer.message };
      }),
    },
    actions: {
      clearDraft: () => clearSocialDraft(),
      setLoginMarker: () => loginMarker.set(),
      goHome: () => goHome(),
    },
  });
}
