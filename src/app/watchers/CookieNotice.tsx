import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { type ConsentChoice, saveConsent } from '../../shared/consent.ts';
import { PopupBar } from './PopupBar.tsx';

/**
 * The cookie notice: what the site keeps in the browser and why, in one sentence with a link to
 * the cookie policy, until the visitor answers (consent.ts remembers the answer). A slim bar,
 * not a modal: the page stays usable and nothing moves under it.
 */
export function CookieNotice({ onAnswered }: { onAnswered?: () => void }) {
  const { t } = useTranslation();
  const answer = (choice: ConsentChoice) => {
    saveConsent(choice);
    onAnswered?.();
  };
  return (
    <PopupBar label={t('cookieNotice.title')}>
      <p className="popup-bar__text">
        {t('cookieNotice.short')}{' '}
        <Link to={paths.cookies} className="popup-bar__link">
          {t('cookieNotice.policy')}
        </Link>
      </p>
      <div className="popup-bar__actions">
        <button type="button" className="button button--primary button--small" onClick={() => answer('all')}>
          {t('cookieNotice.acceptAll')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => answer('necessary')}>
          {t('cookieNotice.necessaryOnly')}
        </button>
      </div>
    </PopupBar>
  );
}
