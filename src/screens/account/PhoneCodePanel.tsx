import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type OtpValues, otpSchema } from '../../../domain/validation.ts';
import { formatPhoneForDisplay } from '../../../domain/phone.ts';
import { OTP_RESEND_COOLDOWN_S } from '../../../machines/otp-resend.machine.ts';
import { toResendFailure } from '../../actors/otp-resend.actors.ts';
import { type PhoneChange, type ProfileUser, verifyPhone } from '../../api/account.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { CodeField } from '../../ui/form/CodeField.tsx';
import { SubmitButton } from '../../ui/form/SubmitButton.tsx';
import { ResendCode } from '../auth/ResendCode.tsx';

/**
 * A new mobile number waits for the code sent to it (server: profile.service.ts): the code's
 * field, Verify, a resend, and a way to keep the current number. `onVerified` gets the profile
 * with the new number.
 */
export function PhoneCodePanel({
  change,
  current,
  onVerified,
  onCancel,
}: {
  change: PhoneChange;
  current: string;
  onVerified: (user: ProfileUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<OtpValues>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' }, mode: 'onSubmit' });
  useEffect(() => setFocus('otp'), [setFocus, change.otpToken]);

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      onVerified((await verifyPhone(change.otpToken, otp)).data);
    } catch (error) {
      setError('otp', {
        message: fieldErrorsOf(error).otp ?? errorMessageOf(error, t('profile.failedFallback')),
      });
    }
  });

  return (
    <section className="account__phone-code" aria-labelledby="account-phone-code">
      <h3 id="account-phone-code">{t('phoneCode.title')}</h3>
      <p>
        {t('phoneCode.text', { phone: formatPhoneForDisplay(change.phone), current: formatPhoneForDisplay(current) })}
      </p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <CodeField label={t('phoneCode.field')} error={errors.otp?.message} registration={register('otp')} />
        <div className="account__phone-code-actions">
          <SubmitButton busy={isSubmitting} label={t('phoneCode.verify')} busyLabel={t('phoneCode.busy')} />
          <button type="button" className="button button--small auth__link-button" onClick={onCancel}>
            {t('phoneCode.keep')}
          </button>
        </div>
      </form>
      <ResendCode
        key={change.otpToken}
        otpToken={change.otpToken}
        secondsLeft={OTP_RESEND_COOLDOWN_S}
        failureOf={(error) => toResendFailure(error, t('profile.failedFallback'))}
      />
    </section>
  );
}
