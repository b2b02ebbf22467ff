import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaidPlaySuspended } from '../../../domain/paid-play.ts';
import { useCurrentContestsFetch } from '../../shared/current-contests-share.tsx';
import { currentLanguage } from '../../shared/i18n.ts';
import { STORAGE_KEYS } from '../../shared/storage-keys.ts';
import { firstPopupShown } from './first-paint-popup.ts';

function seen(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.announcementSeen) === '1';
  } catch {
    return false;
  }
}

/** Once per visitor (issue 25): kept in local storage, so neither a new tab nor a new day asks again. */
export function markAnnouncementSeen(): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.announcementSeen, '1');
  } catch {
    // Storage refused (private mode): the bar may show again, which is harmless.
  }
}

export type AnnouncementState = 'checking' | 'none' | 'due';

/**
 * Whether the paid-play announcement is due for this visitor: the server says paid play is
 * suspended (not merely waiting for a payment gateway), and this browser has not shown it yet.
 */
export function useAnnouncement(): { state: AnnouncementState; done: () => void } {
  const { i18n } = useTranslation();
  const fetchCurrentContests = useCurrentContestsFetch();
  // Already on screen in the page's first paint (the server said suspended as it sent the page):
  // due at once, and the app's bar takes its place (first-paint-popup.ts).
  const [state, setState] = useState<AnnouncementState>(() =>
    firstPopupShown() === 'announcement' ? 'due' : seen() ? 'none' : 'checking',
  );
  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    fetchCurrentContests(currentLanguage(i18n)).then(
      ({ paidPlay }) => {
        if (!live) return;
        setState(isPaidPlaySuspended(paidPlay) && !seen() ? 'due' : 'none');
      },
      () => live && setState('none'),
    );
    return () => {
      live = false;
    };
    // Once per mount: a language change does not ask again (the words are the site's own).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { state, done: () => setState('none') };
}
