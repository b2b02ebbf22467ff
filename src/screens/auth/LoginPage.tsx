import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type LoginValues, loginSchema } from '../../../domain/validation.ts';
import { googleStartUrl, logIn } from '../../api/auth.ts';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { loginMarker } from '../../app/login-marker.ts';
import { paths } from '../../app/paths.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/Field.tsx';
import { AuthShell, GoogleLink } from './AuthShell.tsx';
import { fromState } from './return-to.ts';

const empty: LoginValues = { identifier: '', password: '' };

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = fromState(location.state);
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: empty, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await logIn(values);
      loginMarker.set();
      void navigate(from ?? paths.home, { replace: true });
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        if (name in empty) setError(name as keyof LoginValues, { message });
      }
      // 'Login Failed' for a wrong pair; the suspended and deleted answers say how to reactivate.
      setFailure(errorMessageOf(error, t('login.failedFallback')));
    }
  });

  return (
    <AuthShell title={t('login.title')} intro={t('login.intro')}>
      {typeof notice === 'string' && notice !== '' && (
        <p className="auth__notice" role="status">
          {notice}
        </p>
      )}
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label={t('fields.identifier')} autoComplete="username" inputMode="email" error={errors.identifier?.message} {...register('identifier')} />
        <TextField label={t('fields.password')} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <p className="auth__aside auth__aside--end">
          <Link to={paths.forgot}>{t('login.forgot')}</Link>
        </p>
        <button type="submit" className="button button--primary auth__submit" disabled={isSubmitting}>
          {isSubmitting ? t('login.busy') : t('login.submit')}
        </button>
      </form>
      <GoogleLink href={googleStartUrl(from ?? paths.home)} />
      <p className="auth__aside">
        {t('login.noAccount')} <Link to={paths.signup}>{t('login.signupLink')}</Link>
      </p>
      <MessageDialog open={failure !== null} tone="error" title={t('login.failedTitle')} actionLabel={t('ok', { ns: 'common' })} onClose={() => setFailure(null)}>
        <p>{failure}</p>
      </MessageDialog>
    </AuthShell>
  );
}
