import { fromPromise } from 'xstate';
import { otpResendMachine, type ResendFailure } from '../../machines/otp-resend.machine.ts';
import { resendCode } from '../api/auth.ts';
import { errorDetailsOf } from '../../domain/api-error-details.ts';
import { apiErrorOf, errorMessageOf } from '../api/http.ts';

/** The server's 429 (OTP_COOLDOWN, RATE_LIMITED) carries the seconds left in `details`. */
export function toResendFailure(error: unknown, fallback: string): ResendFailure {
  const message = errorMessageOf(error, fallback);
  const failure = apiErrorOf(error);
  const seconds =
    failure.code === 'OTP_COOLDOWN' || failure.code === 'RATE_LIMITED'
      ? errorDetailsOf(failure.code, failure.details)?.retryAfterSeconds
      : undefined;
  return seconds === undefined ? { message } : { message, retryAfterSeconds: seconds };
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
