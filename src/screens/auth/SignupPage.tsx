import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, type SignupValues, signupSchema } from '../../../domain/validation.ts';
import { googleStartUrl, signUp } from '../../api/auth.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { paths } from '../../app/paths.ts';
import { capitalFirstLetter } from '../../ui/capital-first-letter.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { TextField, PhoneField } from '../../ui/Field.tsx';
import { Agreements } from './Agreements.tsx';
import { AuthShell, GoogleLink } from './AuthShell.tsx';
import { recordCodeSent } from './code-challenge.ts';
import { fromState } from './return-to.ts';

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

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // The page the player was on before login -> sign-up; the code screen lands there.
  const from = fromState(useLocation().state);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({ resolver: zodResolver(signupSchema), defaultValues: empty, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await signUp(values);
      recordCodeSent({ purpose: 'signup', otpToken: answer.data.otpToken, ...(from ? { returnTo: from } : {}) });
      void navigate(paths.otp);
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        if (name in empty) setError(name as keyof SignupValues, { message });
      }
      setFailure(errorMessageOf(error, t('signup.failedFallback')));
    }
  });

  return (
    <AuthShell title={t('signup.title')} intro={t('signup.intro')}>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="auth__row">
          <TextField
            label={t('fields.firstName')}
            autoComplete="given-name"
            autoCapitalize="words"
            maxLength={NAME_MAX_LENGTH}
            error={errors.firstName?.message}
            {...capitalFirstLetter(register('firstName'))}
          />
          <TextField
            label={t('fields.lastName')}
            autoComplete="family-name"
            autoCapitalize="words"
            maxLength={NAME_MAX_LENGTH}
            error={errors.lastName?.message}
            {...capitalFirstLetter(register('lastName'))}
          />
        </div>
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PhoneField
          label={t('fields.phone')}
          hint={t('fields.phoneHint')}
          error={errors.phone?.message}
          registration={register('phone')}
        />
        <TextField
          label={t('fields.password')}
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
        <Agreements
          legal={register('agreeLegal')}
          rules={register('agreeRules')}
          age={register('agreeAge')}
          errors={{
            legal: errors.agreeLegal?.message,
            rules: errors.agreeRules?.message,
            age: errors.agreeAge?.message,
          }}
        />
        <button type="submit" className="button button--primary auth__submit" disabled={isSubmitting}>
          {isSubmitting ? t('signup.busy') : t('signup.submit')}
        </button>
      </form>
      <GoogleLink href={googleStartUrl(from ?? paths.home)} />
      <p className="auth__aside">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.login} state={from ? { from } : undefined}>
          {t('signup.loginLink')}
        </Link>
      </p>
      <MessageDialog
        open={failure !== null}
        tone="error"
        title={t('signup.failedTitle')}
        actionLabel={t('ok', { ns: 'common' })}
        onClose={() => setFailure(null)}
      >
        <p>{failure}</p>
      </MessageDialog>
    </AuthShell>
  );
}
