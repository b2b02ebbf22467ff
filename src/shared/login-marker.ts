import { LIVE_SESSION_SELECTOR, NO_SESSION_SELECTOR } from '../../domain/html.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.loginMarker) !== null;
  } catch {
    return false;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/**
 * The login marker: present means "this browser has a session", which is all the routing
 * needs. Changes in other tabs arrive through the storage event.
 */
export const loginMarker = {
  isSet: read,
  set(): void {
    window.localStorage.setItem(STORAGE_KEYS.loginMarker, String(Date.now()));
    notify();
  },
  clear(): void {
    window.localStorage.removeItem(STORAGE_KEYS.loginMarker);
    notify();
  },
  /**
   * On a page the server sent without a live session (NO_SESSION_SELECTOR in its head), a marker
   * set before the page was asked for is of a session that has ended (idle for 30 minutes, logged
   * out elsewhere): forgotten before the first render (src/main.tsx), so a returning player's page
   * is not drawn as theirs and then as a visitor's once the API says 401. A marker set since the
   * page was asked for (a login in another tab meanwhile) stays.
   */
  forgetEnded(): void {
    if (!document.querySelector(NO_SESSION_SELECTOR)) return;
    try {
      const marker = window.localStorage.getItem(STORAGE_KEYS.loginMarker);
      if (marker === null || Number(marker) >= performance.timeOrigin) return;
      loginMarker.clear();
    } catch {
      // Storage refused: there is no marker to forget.
    }
  },
  /**
   * On a page the server sent with a live session (LIVE_SESSION_SELECTOR in its head), a browser
   * with no marker (its storage cleared, or evicted by the browser, while the session's cookie
   * stayed) is given one before the first render (src/main.tsx): the player's page it was sent is
   * kept as theirs, not drawn again as a visitor's with a Login button for a session that lives.
   */
  adoptLive(): void {
    if (!document.querySelector(LIVE_SESSION_SELECTOR) || read()) return;
    try {
      loginMarker.set();
    } catch {
      // Storage refused: the page goes on as a visitor's, as without the server's word.
    }
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.loginMarker || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
