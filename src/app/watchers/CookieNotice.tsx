import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { type ConsentChoice, saveConsent } from '../../shared/consent.ts';
import { FIRST_ANSWER_ATTRIBUTE } from './first-paint-popup.ts';
import { PopupBar } from './PopupBar.tsx';

/**
 * The notice's words and buttons: in the app's bar (CookieNotice), and in the pre-rendered page's
 * first paint without `onAnswer` (its head script answers the buttons by their data-first-answer
 * until the app's bar takes its place: first-paint-popup.ts).
 */
export function CookieNoticeBody({ onAnswer }: { onAnswer?: (choice: ConsentChoice) => void }) {
  const { t } = useTranslation();
  const button = (choice: ConsentChoice, kind: string, text: string) => (
    <button
      type="button"
      className={`button button--${kind} button--small`}
      {...{ [FIRST_ANSWER_ATTRIBUTE]: choice }}
      onClick={onAnswer && (() => onAnswer(choice))}
    >
      {text}
    </button>
  );
  return (
    <>
      <p className="popup-bar__text">
        {t('cookieNotice.short')}{' '}
        <Link to={paths.cookies} className="popup-bar__link">
          {t('cookieNotice.policy')}
        </Link>
      </p>
      <div className="popup-bar__actions">
        {button('all', 'primary', t('cookieNotice.acceptAll'))}
        {button('necessary', 'ghost', t('cookieNotice.necessaryOnly'))}
      </div>
    </>
  );
}

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
    <PopupBar label={t('cookieNotice.title')} popup="cookies">
      <CookieNoticeBody onAnswer={answer} />
    </PopupBar>
  );
}
