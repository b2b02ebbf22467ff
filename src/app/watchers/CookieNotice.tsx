import '../../styles/popups.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../paths.ts';
import { type ConsentChoice, readConsent, saveConsent } from '../consent.ts';

/**
 * The cookie notice: what the site keeps in the browser and why, with a link to the cookie
 * policy, until the visitor answers; the answer is remembered. A bar at the bottom, not a modal:
 * the page stays usable and nothing moves under it.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => readConsent() === null);
  if (!open) return null;
  const answer = (choice: ConsentChoice) => {
    saveConsent(choice);
    setOpen(false);
  };
  return (
    <section className="cookie-notice" aria-label={t('cookieNotice.title')}>
      <h2 className="cookie-notice__title">{t('cookieNotice.title')}</h2>
      <p className="cookie-notice__text">{t('cookieNotice.text')}</p>
      <ul className="cookie-notice__list">
        <li>{t('cookieNotice.session')}</li>
        <li>{t('cookieNotice.local')}</li>
        <li>{t('cookieNotice.none')}</li>
      </ul>
      <div className="cookie-notice__actions">
        <button type="button" className="button button--primary button--small" onClick={() => answer('all')}>
          {t('cookieNotice.acceptAll')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => answer('necessary')}>
          {t('cookieNotice.necessaryOnly')}
        </button>
        <Link to={paths.cookies} className="cookie-notice__link">
          {t('cookieNotice.policy')}
        </Link>
      </div>
    </section>
  );
}
