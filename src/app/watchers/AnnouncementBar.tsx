import { useTranslation } from 'react-i18next';
import { FIRST_ANSWER_ATTRIBUTE } from './first-paint-popup.ts';
import { PopupBar } from './PopupBar.tsx';

/** The announcement's words and button: in the app's bar, and in the pre-rendered first paint without `onClose`. */
export function AnnouncementBody({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="popup-bar__text">
        <strong>{t('announcement.title')}:</strong> {t('announcement.body')}
      </p>
      <div className="popup-bar__actions">
        <button
          type="button"
          className="button button--primary button--small"
          {...{ [FIRST_ANSWER_ATTRIBUTE]: 'ok' }}
          onClick={onClose}
        >
          {t('ok')}
        </button>
      </div>
    </>
  );
}

/**
 * The paid-play announcement (spec sections 1 and 2): real-money play and new cash deposits are
 * suspended because of the new online-gaming law. In the visitor's language, from the site's own
 * words (the server's message is English); shown only while the server says paid play is
 * suspended, so it always agrees with the switch.
 */
export function AnnouncementBar({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PopupBar label={t('announcement.title')} popup="announcement">
      <AnnouncementBody onClose={onClose} />
    </PopupBar>
  );
}
