import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type OtpValues, otpSchema } from '../../../domain/validation.ts';
import { OTP_RESEND_COOLDOWN_S } from '../../../machines/otp-resend.machine.ts';
import { toResendFailure } from '../../actors/otp-resend.actors.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { paths } from '../../shared/paths.ts';
import { CodeField } from '../../ui/form/CodeField.tsx';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { type CodeChallenge, recordCodeSent, secondsUntilResend } from './code-challenge.ts';
import { ResendCode } from './ResendCode.tsx';

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

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      await onVerify(otp);
    } catch (error) {
      const fieldMessage = fieldErrorsOf(error).otp;
      if (fieldMessage) setError('otp', { message: fieldMessage });
      else setFailure(errorMessageOf(error, t('otp.failedFallback')));
    }
  });

  const restart =
    challenge.purpose === 'signup'
      ? challenge.social
        ? paths.socialSignup
        : paths.signup
      : challenge.account
        ? paths.myAccount
        : paths.forgot;
  const restartLabel =
    challenge.purpose === 'signup'
      ? challenge.social
        ? t('otp.changeSocial')
        : t('otp.changeSignup')
      : challenge.account
        ? t('otp.backToAccount')
        : t('otp.changeReset');

  return (
    <>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <CodeField label={t('fields.otp')} error={errors.otp?.message} registration={register('otp')} />
        <AuthSubmit busy={isSubmitting} label={t('otp.submit')} busyLabel={t('otp.busy')} />
      </form>
      <ResendCode
        otpToken={challenge.otpToken}
        secondsLeft={secondsUntilResend(challenge, OTP_RESEND_COOLDOWN_S)}
        afterSend={() => recordCodeSent(challenge)}
        failureOf={(error) => toResendFailure(error, t('otp.failedFallback'))}
      />
      <p className="auth__aside">
        <Link to={restart} state={challenge.returnTo ? { from: challenge.returnTo } : undefined}>
          {restartLabel}
        </Link>
      </p>
      <FailureDialog failure={failure} title={t('otp.failedTitle')} onClose={() => setFailure(null)} />
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
