import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../shared/i18n.ts';

/**
 * One button that offers the other language (a 44 x 44 px target, issue 25: two side by side did
 * not fit the phone header); i18next's detector caches the choice in local storage (i18nextLng).
 * Its name starts with the letters it shows ("EN – English"), so a voice command that says what
 * it sees reaches it (WCAG 2.5.3); both are in the language it offers, hence lang.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  const other = LANGUAGES.find((lng) => lng !== active) ?? 'en';
  return (
    <button
      type="button"
      lang={other}
      className="lang-switch"
      aria-label={t(`language.switch.${other}`)}
      title={t(`language.readIn.${other}`)}
      onClick={() => void i18n.changeLanguage(other)}
    >
      <span className="lang-switch__pill">{t(`language.short.${other}`)}</span>
    </button>
  );
}
