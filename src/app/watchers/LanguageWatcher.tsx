import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n.ts';
import { loginMarker } from '../../shared/login-marker.ts';

/**
 * When a logged-in player switches the site's language, the account keeps it, so the messages
 * sent to them later (results, cancellations, receipts) are in that language (issue 25). A login
 * stores the language by itself. Renders nothing.
 */
export function LanguageWatcher() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const onChange = () => {
      if (!loginMarker.isSet()) return;
      // Best effort: the next login stores it anyway. The account's API module (with axios) loads
      // only then, not on a visitor's first paint (issue 29).
      import('../../api/account.ts')
        .then((api) => api.saveAccountLanguage(currentLanguage(i18n)))
        .catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return null;
}
