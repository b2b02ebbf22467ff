import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type SignupValues, signupSchema } from '../../../domain/validation.ts';
import { googleStartUrl, signUp } from '../../api/auth.ts';
import { paths } from '../../app/paths.ts';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { NewPasswordFields } from '../../ui/form/PasswordFields.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { AGREEMENT_NAMES, Agreements } from './Agreements.tsx';
import { fieldsOf } from '../../ui/form/field-props.ts';
import { SignupIdentityFields } from './SignupIdentityFields.tsx';
import { AuthShell, GoogleLink } from './AuthShell.tsx';
import { recordCodeSent } from './code-challenge.ts';
import { fromState } from './return-to.ts';
import { useAuthForm } from './use-auth-form.ts';

const empty: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  agreeLegal: false,
  agreeRules: false,
  agreeAge: false,
};

const IDENTITY_NAMES = {
  first: 'firstName',
  last: 'lastName',
  email: 'email',
  phone: 'phone',
} as const;

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // The page the player was on before login -> sign-up; the code screen lands there.
  const from = fromState(useLocation().state);
  const { register, errors, isSubmitting, onSubmit, failure, clearFailure } = useAuthForm({
    schema: signupSchema,
    empty,
    failedFallback: t('signup.failedFallback'),
    send: async (values) => {
      const answer = await signUp(values);
      recordCodeSent({ purpose: 'signup', otpToken: answer.data.otpToken, ...(from ? { returnTo: from } : {}) });
      void navigate(paths.otp);
    },
  });

  return (
    <AuthShell title={t('signup.title')} intro={t('signup.intro')}>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <SignupIdentityFields fields={fieldsOf({ register, errors }, IDENTITY_NAMES)} />
        <NewPasswordFields
          labels={{
            password: t('fields.password'),
            hint: t('fields.passwordHint'),
            confirm: t('fields.confirmPassword'),
          }}
          password={register('password')}
          confirm={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        />
        <Agreements fields={fieldsOf({ register, errors }, AGREEMENT_NAMES)} />
        <AuthSubmit busy={isSubmitting} label={t('signup.submit')} busyLabel={t('signup.busy')} />
      </form>
      <GoogleLink href={googleStartUrl(from ?? paths.home)} />
      <p className="auth__aside">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.login} state={from ? { from } : undefined}>
          {t('signup.loginLink')}
        </Link>
      </p>
      <FailureDialog failure={failure} title={t('signup.failedTitle')} onClose={clearFailure} />
    </AuthShell>
  );
}
