import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ResetPasswordValues, resetPasswordSchema } from '../../../domain/validation.ts';
import { setPasswordWithCode } from '../../api/account.ts';
import { resetPassword } from '../../api/auth.ts';
import { paths } from '../../shared/paths.ts';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { NewPasswordFields } from '../../ui/form/PasswordFields.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { AuthShell } from './AuthShell.tsx';
import { clearChallenge, readChallenge } from './code-challenge.ts';
import { MissingChallenge } from './CodeForm.tsx';
import { useAuthForm } from './use-auth-form.ts';

const empty: ResetPasswordValues = { password: '', confirmPassword: '' };

/**
 * /createpassword: the password for a code that /otps has checked. From the forgotten-password
 * code (which also sets a first password: a code-first sign-up has none), the player then logs in
 * with it; from My account (issue 25), the player stays logged in and goes back there.
 */
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
      const request = { otpToken: challenge.otpToken, otp: challenge.otp, ...values };
      if (challenge.account) {
        await setPasswordWithCode(request);
        clearChallenge();
        void navigate(paths.myAccount, { replace: true, state: { notice: t('createPassword.set') } });
        return;
      }
      await resetPassword(request);
      clearChallenge();
      void navigate(paths.login, { replace: true, state: { notice: t('createPassword.done') } });
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
