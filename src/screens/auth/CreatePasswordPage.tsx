import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH, type ResetPasswordValues, resetPasswordSchema } from '../../../domain/validation.ts';
import { resetPassword } from '../../api/auth.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { paths } from '../../app/paths.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/Field.tsx';
import { AuthShell } from './AuthShell.tsx';
import { clearChallenge, readChallenge } from './code-challenge.ts';
import { MissingChallenge } from './CodeForm.tsx';

const empty: ResetPasswordValues = { password: '', confirmPassword: '' };

/** /createpassword: the new password for a reset code that /otps has checked. */
export default function CreatePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [challenge] = useState(() => readChallenge('reset'));
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!challenge?.otp) return;
    try {
      const answer = await resetPassword({ otpToken: challenge.otpToken, otp: challenge.otp, ...values });
      clearChallenge();
      void navigate(paths.login, { replace: true, state: { notice: answer.message || t('createPassword.done') } });
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        if (name in empty) setError(name as keyof ResetPasswordValues, { message });
      }
      setFailure(errorMessageOf(error, t('createPassword.failedFallback')));
    }
  });

  if (!challenge?.otp) {
    return (
      <AuthShell title={t('otp.missingTitle')}>
        <MissingChallenge purpose="reset" />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('createPassword.title')} intro={t('createPassword.intro')}>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          hint={t('fields.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button type="submit" className="button button--primary auth__submit" disabled={isSubmitting}>
          {isSubmitting ? t('createPassword.busy') : t('createPassword.submit')}
        </button>
      </form>
      <MessageDialog
        open={failure !== null}
        tone="error"
        title={t('createPassword.failedTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => setFailure(null)}
      >
        <p>{failure}</p>
      </MessageDialog>
    </AuthShell>
  );
}
