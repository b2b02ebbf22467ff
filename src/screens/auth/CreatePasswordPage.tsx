import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ResetPasswordValues, resetPasswordSchema } from '../../../domain/validation.ts';
import { resetPassword } from '../../api/auth.ts';
import { paths } from '../../app/paths.ts';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { NewPasswordFields } from '../../ui/form/PasswordFields.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { AuthShell } from './AuthShell.tsx';
import { clearChallenge, readChallenge } from './code-challenge.ts';
import { MissingChallenge } from './CodeForm.tsx';
import { useAuthForm } from './use-auth-form.ts';

const empty: ResetPasswordValues = { password: '', confirmPassword: '' };

/** /createpassword: the new password for a reset code that /otps has checked. */
export default function CreatePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [challenge] = useState(() => readChallenge('reset'));
  const { register, errors, isSubmitting, onSubmit, failure, clearFailure } = useAuthForm({
    schema: resetPasswordSchema,
    empty,
    failedFallback: t('createPassword.failedFallback'),
    send: async (values) => {
      if (!challenge?.otp) return;
      const answer = await resetPassword({ otpToken: challenge.otpToken, otp: challenge.otp, ...values });
      clearChallenge();
      void navigate(paths.login, { replace: true, state: { notice: answer.message || t('createPassword.done') } });
    },
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
        <NewPasswordFields
          labels={{
            password: t('fields.newPassword'),
            hint: t('fields.passwordHint'),
            confirm: t('fields.confirmPassword'),
          }}
          password={register('password')}
          confirm={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        />
        <AuthSubmit busy={isSubmitting} label={t('createPassword.submit')} busyLabel={t('createPassword.busy')} />
      </form>
      <FailureDialog failure={failure} title={t('createPassword.failedTitle')} onClose={clearFailure} />
    </AuthShell>
  );
}
