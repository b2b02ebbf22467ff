import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ResendFailure } from '../../../machines/otp-resend.machine.ts';
import { otpResendMachineFor } from '../../actors/otp-resend.actors.ts';

/**
 * The resend button of a code screen and what the last resend did; the countdown runs in
 * otpResendMachine from `secondsLeft`.
 */
export function ResendCode({
  otpToken,
  secondsLeft: initialSecondsLeft,
  afterSend,
  failureOf,
}: {
  otpToken: string;
  secondsLeft: number;
  afterSend?: () => void;
  failureOf: (error: unknown) => ResendFailure;
}) {
  const { t } = useTranslation('auth');
  const resend = useActorRef(otpResendMachineFor(otpToken, { afterSend, failureOf }), {
    input: { secondsLeft: initialSecondsLeft },
  });
  const secondsLeft = useSelector(resend, (s) => s.context.secondsLeft);
  const canResend = useSelector(resend, (s) => s.can({ type: 'otp.resend' }));
  const sending = useSelector(resend, (s) => s.matches('sending'));
  const notice = useSelector(resend, (s) => s.context.notice);
  return (
    <div className="auth__resend">
      <button
        type="button"
        className="button button--small auth__link-button"
        disabled={!canResend}
        onClick={() => resend.send({ type: 'otp.resend' })}
      >
        {sending ? t('otp.resending') : secondsLeft > 0 ? t('otp.resendIn', { seconds: secondsLeft }) : t('otp.resend')}
      </button>
      <p className={notice?.ok === false ? 'field__error' : 'muted'} role="status" aria-live="polite">
        {notice === null ? '' : notice.ok ? t('otp.resent') : notice.message}
      </p>
    </div>
  );
}
