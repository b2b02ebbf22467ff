import { useLayoutEffect } from 'react';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { CookieNotice } from './CookieNotice.tsx';
import { takeOverFirstPopup } from './first-paint-popup.ts';
import { NotifyOffer } from './NotifyOffer.tsx';
import { markAnnouncementSeen, useAnnouncement } from './use-announcement.ts';
import { useConsented } from './use-consented.ts';

/** The popups, in the order they are shown: at most one at a time (issue 25). */
export const POPUP_ORDER = ['cookies', 'announcement', 'alerts'] as const;
export type PopupName = (typeof POPUP_ORDER)[number];

/**
 * The popup to show now, the first one due in POPUP_ORDER: the cookie notice first (what the
 * browser keeps, before anything else is remembered), then the paid-play announcement (once per
 * visitor, while paid play is suspended), then the contest alerts offer (logged-in players). A
 * popup whose turn depends on an answer still coming ('checking') holds the ones after it back,
 * so one bar never replaces another under the visitor's finger.
 */
export function popupNow(due: { cookies: boolean; announcement: boolean | 'checking' }): PopupName | null {
  if (due.cookies) return 'cookies';
  if (due.announcement === 'checking') return null;
  return due.announcement ? 'announcement' : 'alerts';
}

export function Popups() {
  const [consented, answered] = useConsented();
  const announcement = useAnnouncement();
  const now = popupNow({
    cookies: !consented,
    announcement: announcement.state === 'checking' ? 'checking' : announcement.state === 'due',
  });
  // In the commit that shows the bar, not after it: seen is seen, even if the tab closes at once.
  useLayoutEffect(() => {
    if (now === 'announcement') markAnnouncementSeen();
    // A first-paint bar no bar of the app takes over (nothing due after all): it goes.
    if (now !== 'cookies' && now !== 'announcement' && announcement.state !== 'checking') takeOverFirstPopup(null);
  }, [now, announcement.state]);
  if (now === 'cookies') return <CookieNotice onAnswered={answered} />;
  if (now === 'announcement') return <AnnouncementBar onClose={announcement.done} />;
  // Shows only for a logged-in player whose browser can take Web Push and was not asked lately.
  if (now === 'alerts') return <NotifyOffer />;
  return null;
}
