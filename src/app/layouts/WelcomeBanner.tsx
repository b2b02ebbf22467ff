import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { welcomeOf } from '../../shared/welcome.ts';
import { CrossIcon } from '../../ui/CrossIcon.tsx';

/**
 * "Welcome, Asha!" on the page a sign-up lands on (the navigation carries the first name), until
 * the player closes it or moves on to another page.
 */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const name = welcomeOf(location.state);
  const [dismissedOn, setDismissedOn] = useState<string | null>(null);
  if (name === null || dismissedOn === location.key) return null;
  return (
    <div className="welcome-banner" role="status">
      <div className="container welcome-banner__inner">
        <svg
          className="welcome-banner__ball"
          width="28"
          height="28"
          viewBox="0 0 28 28"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="14" cy="14" r="12" fill="var(--color-ball)" />
          <path
            d="M9 5.5c3 5 3 12 0 17M19 5.5c-3 5-3 12 0 17"
            fill="none"
            stroke="#fff"
            strokeWidth="1.4"
            strokeDasharray="2 2"
          />
        </svg>
        <p className="welcome-banner__text">
          <strong>{t('welcome.title', { name })}</strong> {t('welcome.body')}
        </p>
        <button
          type="button"
          className="welcome-banner__close"
          aria-label={t('welcome.dismiss')}
          onClick={() => setDismissedOn(location.key)}
        >
          <CrossIcon />
        </button>
      </div>
    </div>
  );
}
