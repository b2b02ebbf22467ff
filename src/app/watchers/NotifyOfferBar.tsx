import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { notifyOfferMachineFor } from '../../actors/notify-offer.actors.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { declinedRecently } from '../../shared/push.ts';
import { PopupBar } from './PopupBar.tsx';

/** The contest alerts offer itself (NotifyOffer.tsx shows it), with its machine. */
export default function NotifyOfferBar() {
  const { t, i18n } = useTranslation();
  const [snapshot, send] = useMachine(notifyOfferMachineFor({ language: () => currentLanguage(i18n) }), {
    input: { declinedRecently: declinedRecently() },
  });
  const state = snapshot.value;
  if (state !== 'offering' && state !== 'subscribing' && state !== 'subscribed' && state !== 'failed') return null;
  if (state === 'subscribed') {
    return (
      <PopupBar label={t('notifyOffer.title')} live>
        <p className="popup-bar__text">{t('notifyOffer.on')}</p>
        <div className="popup-bar__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => send({ type: 'notify.close' })}
          >
            {t('ok')}
          </button>
        </div>
      </PopupBar>
    );
  }
  const busy = state === 'subscribing';
  return (
    <PopupBar label={t('notifyOffer.title')}>
      <p className="popup-bar__text">
        <strong>{t('notifyOffer.title')}:</strong> {t('notifyOffer.short')}
      </p>
      {state === 'failed' && (
        <p className="popup-bar__error" role="alert">
          {t('notifyOffer.failed')}
        </p>
      )}
      <div className="popup-bar__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => send({ type: state === 'failed' ? 'notify.retry' : 'notify.accept' })}
        >
          {busy ? t('notifyOffer.turningOn') : state === 'failed' ? t('notifyOffer.retry') : t('notifyOffer.turnOn')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => send({ type: 'notify.decline' })}
        >
          {t('notifyOffer.notNow')}
        </button>
      </div>
    </PopupBar>
  );
}
