import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n.ts';

/** en / hi; i18next's detector caches the choice in local storage (i18nextLng). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  return (
    <div className="lang-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="lang-switch__option"
          aria-pressed={active === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          <span aria-hidden="true">{t(`language.short.${lng}`)}</span>
          <span className="visually-hidden">{t(`language.${lng}`)}</span>
        </button>
      ))}
    </div>
  );
}
