import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoogleSignIn } from '../../shared/use-google-sign-in.ts';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { LogoMark } from '../../ui/Logo.tsx';
import { paths } from '../../shared/paths.ts';
import '../../styles/auth.css';

/**
 * The frame of the screens without header and footer: a small brand link back to the home
 * page and the language switch on top, then one card with the screen's title.
 */
export function AuthShell({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);
  return (
    <div className="auth">
      <div className="auth__top">
        <Link to={paths.home} className="brand auth__brand" aria-label={`${BRAND.name}: ${t('backHome')}`}>
          <LogoMark size={28} />
          <span className="brand__name">{BRAND.name}</span>
        </Link>
        <LanguageSwitch />
      </div>
      <section className="auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {intro && <p className="auth__intro">{intro}</p>}
        {children}
      </section>
    </div>
  );
}

/** The 'Continue with Google' button: a plain link, the server runs the sign-in and comes back. */
export function GoogleLink({ href }: { href: string }) {
  const { t } = useTranslation('auth');
  // Not configured (production without GOOGLE_CLIENT_ID): not offered at all (issue 26).
  if (useGoogleSignIn() !== true) return null;
  return (
    <>
      <p className="auth__divider">
        <span>{t('orDivider')}</span>
      </p>
      <a className="button auth__google" href={href}>
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z"
          />
          <path
            fill="#FBBC05"
            d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        {t('google')}
      </a>
    </>
  );
}
