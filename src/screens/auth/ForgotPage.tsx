import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type ForgotValues, forgotSchema } from '../../../domain/validation.ts';
import { requestReset } from '../../api/auth.ts';
import { paths } from '../../shared/paths.ts';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { IdentifierField } from '../../ui/form/IdentityFields.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { AuthShell } from './AuthShell.tsx';
import { recordCodeSent } from './code-challenge.ts';
import { useAuthForm } from './use-auth-form.ts';

export default function ForgotPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { register, errors, isSubmitting, onSubmit, failure, clearFailure } = useAuthForm({
    schema: forgotSchema,
    empty: { identifier: '' },
    failedFallback: t('forgot.failedFallback'),
    send: async (values: ForgotValues) => {
      const answer = await requestReset(values);
      // The answer is the same whether or not an account matches (no account enumeration).
      recordCodeSent({ purpose: 'reset', otpToken: answer.data.otpToken });
      void navigate(paths.otps);
    },
  });

  return (
    <AuthShell title={t('forgot.title')} intro={t('forgot.intro')}>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <IdentifierField
          label={t('fields.identifier')}
          error={errors.identifier?.message}
          registration={register('identifier')}
        />
        <AuthSubmit busy={isSubmitting} label={t('forgot.submit')} busyLabel={t('forgot.busy')} />
      </form>
      <p className="auth__aside">
        <Link to={paths.login}>{t('forgot.backToLogin')}</Link>
      </p>
      <FailureDialog failure={failure} title={t('forgot.failedTitle')} onClose={clearFailure} />
    </AuthShell>
  );
}
