import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type LoginValues, loginSchema } from '../../../domain/validation.ts';
import { googleStartUrl, logIn } from '../../api/auth.ts';
import { apiErrorOf } from '../../api/http.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { paths } from '../../shared/paths.ts';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { IdentifierField } from '../../ui/form/IdentityFields.tsx';
import { CurrentPasswordField } from '../../ui/form/PasswordFields.tsx';
import { AuthSubmit } from '../../ui/form/SubmitButton.tsx';
import { AuthShell, GoogleLink } from './AuthShell.tsx';
import { LoginCodeForm } from './LoginCodeForm.tsx';
import { landingAfterLogin, returnPathOf } from './return-to.ts';
import { useAuthForm } from './use-auth-form.ts';

const empty: LoginValues = { identifier: '', password: '' };

/**
 * The two ways in: a code by SMS to the mobile number (the default since issue 25: a code-first
 * sign-up has no password) and the spec's password form, one tap away on the switch.
 */
const METHODS = ['code', 'password'] as const;
type Method = (typeof METHODS)[number];

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnPathOf(location.state);
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const [method, setMethod] = useState<Method>('code');
  // Where the player was going (the page that needed the login), else the contest.
  const goOn = () => void navigate(landingAfterLogin(from), { replace: true });

  // A segmented switch is a radio group: arrow keys move the choice (and the focus) along it.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = METHODS[(METHODS.indexOf(method) + step + METHODS.length) % METHODS.length]!;
    setMethod(next);
    document.getElementById(`login-method-${next}`)?.focus();
  };

  return (
    <AuthShell title={t('login.title')} intro={t('login.intro')}>
      {typeof notice === 'string' && notice !== '' && (
        <p className="auth__notice" role="status">
          {notice}
        </p>
      )}
      <div className="auth__methods" role="radiogroup" aria-label={t('login.methods')}>
        {METHODS.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            id={`login-method-${m}`}
            className="auth__method"
            aria-checked={method === m}
            aria-controls={`login-panel-${m}`}
            tabIndex={method === m ? 0 : -1}
            onClick={() => setMethod(m)}
            onKeyDown={onTabKey}
          >
            {m === 'password' ? t('login.withPassword') : t('login.withCode')}
          </button>
        ))}
      </div>
      {/* Both stay mounted, so what was typed in one survives a look at the other. */}
      <div id="login-panel-password" hidden={method !== 'password'}>
        <PasswordLogin onLoggedIn={goOn} />
      </div>
      <div id="login-panel-code" hidden={method !== 'code'}>
        <LoginCodeForm onLoggedIn={goOn} />
      </div>
      <GoogleLink href={googleStartUrl(from ?? paths.playScreen)} />
      <p className="auth__aside">
        {t('login.noAccount')}{' '}
        <Link to={paths.signup} state={from ? { from } : undefined}>
          {t('login.signupLink')}
        </Link>
      </p>
    </AuthShell>
  );
}

function PasswordLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { register, errors, isSubmitting, onSubmit, failure, clearFailure } = useAuthForm({
    schema: loginSchema,
    empty,
    // 'Login Failed' for a wrong pair; the suspended and deleted answers say how to reactivate.
    failedFallback: t('login.failedFallback'),
    send: async (values) => {
      try {
        await logIn(values);
      } catch (error) {
        // The spec's 'Login Failed' is the dialog's title; its body says what to check and the other ways in.
        if (apiErrorOf(error).code === 'LOGIN_FAILED') throw new Error(t('login.failedHelp'));
        throw error;
      }
      loginMarker.set();
      onLoggedIn();
    },
  });

  return (
    <>
      <form className="form auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <IdentifierField
          label={t('fields.identifier')}
          error={errors.identifier?.message}
          registration={register('identifier')}
        />
        <CurrentPasswordField
          label={t('fields.password')}
          error={errors.password?.message}
          registration={register('password')}
        />
        <p className="auth__aside auth__aside--end">
          <Link to={paths.forgot}>{t('login.forgot')}</Link>
        </p>
        <AuthSubmit busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.busy')} />
      </form>
      <FailureDialog failure={failure} title={t('login.failedTitle')} onClose={clearFailure} />
    </>
  );
}
