import { fromPromise } from 'xstate';
import { toIndianE164 } from '../../domain/phone.ts';
import { socialSignupMachine } from '../../machines/social-signup.machine.ts';
import { socialLogin } from '../api/auth.ts';
import { clearSocialDraft, deviceToken } from '../shared/social-draft.ts';

/** '+91' in front of the 10 digits, unless it is there already (spec section 5). */
function withCallingCode(phone: string): string {
  return phone.startsWith('+91') ? phone : toIndianE164(phone);
}

/**
 * The social sign-up submit with the real API call; `goToCode` keeps the code's request for /otp
 * and opens it.
 */
export function socialSignupMachineFor({ goToCode }: { goToCode: (otpToken: string) => void }) {
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
        return { message: answer.message, otpToken: answer.data.otpToken };
      }),
    },
    actions: {
      clearDraft: () => clearSocialDraft(),
      goToCode: (_, { otpToken }) => goToCode(otpToken),
    },
  });
}
