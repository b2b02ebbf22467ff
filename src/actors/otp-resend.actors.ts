import { AxiosError } from 'axios';
import { fromPromise } from 'xstate';
import { otpResendMachine, type ResendFailure } from '../../machines/otp-resend.machine.ts';
import { resendCode } from '../api/auth.ts';
import { errorMessageOf } from '../api/http.ts';

/** The server's 429 OTP_COOLDOWN names the seconds left: 'Please wait 42 seconds ...'. */
export function toResendFailure(error: unknown, fallback: string): ResendFailure {
  const message = errorMessageOf(error, fallback);
  if (error instanceof AxiosError && error.response?.status === 429) {
    const seconds = /(\d+)\s*second/.exec(message)?.[1];
    if (seconds) return { message, retryAfterSeconds: Number(seconds) };
  }
  return { message };
}

/**
 * The resend countdown of a code request (`otpToken`) with the real resend call. `afterSend`
 * runs once a new code went out; `failureOf` says a refusal in the screen's words.
 */
export function otpResendMachineFor(
  otpToken: string,
  { afterSend, failureOf }: { afterSend?: () => void; failureOf: (error: unknown) => ResendFailure },
) {
  return otpResendMachine.provide({
    actors: {
      resendCode: fromPromise(async () => {
        try {
          await resendCode(otpToken);
        } catch (error) {
          throw failureOf(error);
        }
        afterSend?.();
      }),
    },
  });
}
