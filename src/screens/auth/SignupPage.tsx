import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type SignupValues, signupSchema } from '../../../domain/validation.ts';
import { googleStartUrl, signUp } from '../../api/auth.ts';
import { paths } from '../../shared/paths.ts';
import { PhoneField } from '../../ui/Field.tsx';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { EmailField, NameFields } from '../../ui/form/IdentityFields.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { AGREEMENT_NAMES, Agreements } from './Agreements.tsx';
import { fieldsOf } from '../../ui/form/field-props.ts';
import { AuthShell, GoogleLink } from './AuthShell.tsx';
import { recordCodeSent } from './code-challenge.ts';
import { returnPathOf } from './return-to.ts';
import { useAuthForm } from './use-auth-form.ts';

const empty: SignupValues = {
  phone: '',
  firstName: '',
  lastName: '',
  email: '',
  agreeLegal: false,
  agreeRules: false,
  agreeAge: false,
};

/**
 * /signup, code-first (issue 25): the mobile number, the names, the e-mail and the three
 * agreements on one screen, then the 6-digit code on /otp. No password: the player may set one
 * later in My account.
 */
export default function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // The page the player was going to (login -> sign-up carries it); the code screen lands there.
  const from = returnPathOf(useLocation().state);
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
  // Registered in the page's order: a failed submit focuses the first wrong field from the top.
  const phone = register('phone');
  const names = fieldsOf({ register, errors }, { first: 'firstName', last: 'lastName' });

  return (
    <AuthShell title={t('signup.title')} intro={t('signup.intro')}>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PhoneField
          label={t('fields.phone')}
          hint={t('signup.phoneHint')}
          error={errors.phone?.message}
          registration={phone}
        />
        <NameFields
          labels={{ first: t('fields.firstName'), last: t('fields.lastName') }}
          first={names.first.registration}
          last={names.last.registration}
          errors={{ first: names.first.error, last: names.last.error }}
        />
        <EmailField label={t('fields.email')} error={errors.email?.message} registration={register('email')} />
        <Agreements fields={fieldsOf({ register, errors }, AGREEMENT_NAMES)} />
        <AuthSubmit busy={isSubmitting} label={t('signup.submit')} busyLabel={t('signup.busy')} />
        <p className="auth__note">{t('signup.noPassword')}</p>
      </form>
      <GoogleLink href={googleStartUrl(from ?? paths.playScreen)} />
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
