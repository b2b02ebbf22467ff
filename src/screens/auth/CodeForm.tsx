import { zodResolver } from '@hookform/resolvers/zod';
import { useActorRef, useSelector } from '@xstate/react';
import { AxiosError } from 'axios';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { OTP_LENGTH, type OtpValues, otpSchema } from '../../../domain/validation.ts';
import { OTP_RESEND_COOLDOWN_S, otpResendMachine, type ResendFailure } from '../../../machines/otp-resend.machine.ts';
import { resendCode } from '../../api/auth.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { paths } from '../../app/paths.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/Field.tsx';
import { type CodeChallenge, recordCodeSent, secondsUntilResend } from './code-challenge.ts';

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
 * A 6-digit code with verify and resend (the countdown runs in otpResendMachine). Verifying is
 * the screen's business: `onVerify` resolves when the code is right, or throws the API error.
 */
export function CodeForm({
  challenge,
  onVerify,
}: {
  challenge: CodeChallenge;
  onVerify: (otp: string) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OtpValues>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' }, mode: 'onSubmit' });

  const resend = useActorRef(
    otpResendMachine.provide({
      actors: {
        resendCode: fromPromise(async () => {
          try {
            await resendCode(challenge.otpToken);
            recordCodeSent(challenge);
          } catch (error) {
            throw toResendFailure(error, t('otp.failedFallback'));
          }
        }),
      },
    }),
    { input: { secondsLeft: secondsUntilResend(challenge, OTP_RESEND_COOLDOWN_S) } },
  );
  const secondsLeft = useSelector(resend, (s) => s.context.secondsLeft);
  const canResend = useSelector(resend, (s) => s.can({ type: 'otp.resend' }));
  const sending = useSelector(resend, (s) => s.matches('sending'));
  const notice = useSelector(resend, (s) => s.context.notice);

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      await onVerify(otp);
    } catch (error) {
      const fieldMessage = fieldErrorsOf(error).otp;
      if (fieldMessage) setError('otp', { message: fieldMessage });
      else setFailure(errorMessageOf(error, t('otp.failedFallback')));
    }
  });

  const otp = register('otp');
  const restart = challenge.purpose === 'signup' ? paths.signup : paths.forgot;

  return (
    <>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('fields.otp')}
          className="field__input auth__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          error={errors.otp?.message}
          {...otp}
          onChange={(event) => {
            event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
            void otp.onChange(event);
          }}
        />
        <button type="submit" className="button button--primary auth__submit" disabled={isSubmitting}>
          {isSubmitting ? t('otp.busy') : t('otp.submit')}
        </button>
      </form>
      <div className="auth__resend">
        <button
          type="button"
          className="button button--small auth__link-button"
          disabled={!canResend}
          onClick={() => resend.send({ type: 'otp.resend' })}
        >
          {sending
            ? t('otp.resending')
            : secondsLeft > 0
              ? t('otp.resendIn', { seconds: secondsLeft })
              : t('otp.resend')}
        </button>
        <p className={notice?.ok === false ? 'field__error' : 'muted'} role="status" aria-live="polite">
          {notice === null ? '' : notice.ok ? t('otp.resent') : notice.message}
        </p>
      </div>
      <p className="auth__aside">
        <Link to={restart} state={challenge.returnTo ? { from: challenge.returnTo } : undefined}>
          {challenge.purpose === 'signup' ? t('otp.changeSignup') : t('otp.changeReset')}
        </Link>
      </p>
      <MessageDialog
        open={failure !== null}
        tone="error"
        title={t('otp.failedTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => setFailure(null)}
      >
        <p>{failure}</p>
      </MessageDialog>
    </>
  );
}

/** Shown by a code screen opened without its code request (a new tab, or the flow already done). */
export function MissingChallenge({ purpose }: { purpose: CodeChallenge['purpose'] }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__missing">
      <p>{purpose === 'signup' ? t('otp.missingSignup') : t('otp.missingReset')}</p>
      <Link className="button button--primary" to={purpose === 'signup' ? paths.signup : paths.forgot}>
        {purpose === 'signup' ? t('otp.restartSignup') : t('otp.restartReset')}
      </Link>
    </div>
  );
}
