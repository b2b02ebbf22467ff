import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCurrentContests } from '../../api/contests.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { currentLanguage } from '../i18n.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';

function seen(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.announcementSeen) === '1';
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.announcementSeen, '1');
  } catch {
    // Storage refused (private mode): the popup may show again, which is harmless.
  }
}

/**
 * The paid-play announcement (spec section 1 and 2): when the server says paid play is
 * suspended, one dialog with its message, once per browser session, on any page.
 */
export function AnnouncementWatcher() {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (seen()) return;
    let live = true;
    fetchCurrentContests(currentLanguage(i18n)).then(
      (answer) => {
        if (!live || answer.paidPlay.enabled || !answer.paidPlay.message || seen()) return;
        markSeen();
        setMessage(answer.paidPlay.message);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once per mount: a language change does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => setMessage(null);

  return (
    <MessageDialog open={message !== null} title={t('announcement.title')} actionLabel={t('ok')} onClose={close}>
      <p>{message}</p>
    </MessageDialog>
  );
}
