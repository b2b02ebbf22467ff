import { PAID_PLAY_ATTRIBUTE, PAID_PLAY_SUSPENDED } from '../../../domain/html.ts';
import { CONSENT_EVENT, CONSENT_VERSION } from '../../shared/consent.ts';
import { STORAGE_KEYS } from '../../shared/storage-keys.ts';
import {
  FIRST_ANSWER_ATTRIBUTE,
  FIRST_POPUP_ATTRIBUTE,
  FIRST_POPUP_CLASS,
  FIRST_POPUP_END_ID,
  POPUP_BAR_HEIGHT_VAR,
} from './first-paint-popup.ts';

// The pre-rendered page's head script that shows its popup bar in the first paint (issue 29; the
// whole design in first-paint-popup.ts). Its own module: only the build's pre-render
// (src/prerender) writes it into pages; the app imports first-paint-popup.ts, never this.

export interface FirstPopupSettings {
  consentKey: string;
  consentVersion: number;
  consentEvent: string;
  seenKey: string;
  heightVar: string;
  popupAttribute: string;
  paidPlayAttribute: string;
  suspended: string;
  barClass: string;
  answerAttribute: string;
  endId: string;
}

/**
 * The head's script, written as a function so it is checked and tested like the rest, and sent as
 * its source (firstPopupScriptText): it may use nothing but its settings and the browser's own
 * objects, and must run in every browser the site supports. Consent is read as readConsent reads
 * it (consent.ts; the tests hold the two to the same answers) and saved as saveConsent saves it.
 */
export function firstPopupScript(settings: FirstPopupSettings): void {
  const root = document.documentElement;
  const read = (key: string): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string): void => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage refused (private mode): the bar may show again next visit, which is harmless.
    }
  };
  const consented = (): boolean => {
    try {
      const answer = JSON.parse(read(settings.consentKey) ?? 'null') as Record<string, unknown> | null;
      return (
        !!answer &&
        (answer.choice === 'all' || answer.choice === 'necessary') &&
        answer.version === settings.consentVersion &&
        typeof answer.at === 'string'
      );
    } catch {
      return false;
    }
  };
  const announcementDue = () =>
    root.getAttribute(settings.paidPlayAttribute) === settings.suspended && read(settings.seenKey) !== '1';
  const due = (): string | null => (!consented() ? 'cookies' : announcementDue() ? 'announcement' : null);

  let shown: string | null = null;
  let bar: HTMLElement | null = null;
  const publish = () => {
    // Only while this bar is the page's: once the app's own bar took its place, the app publishes.
    if (bar && bar.isConnected && root.getAttribute(settings.popupAttribute) === shown)
      root.style.setProperty(settings.heightVar, `${Math.ceil(bar.offsetHeight)}px`);
  };
  const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
  // The bar shown, and the one that may follow it (the announcement after the cookie notice);
  // the others leave the page, so it holds no popup bar it will never show.
  const kept = (popup: string | null) =>
    popup === shown || (shown === 'cookies' && popup === 'announcement' && announcementDue());
  const settle = () => {
    for (const element of document.querySelectorAll(`.${settings.barClass}`))
      if (!kept(element.getAttribute('data-popup'))) element.remove();
    if (!shown || bar) return;
    bar = document.querySelector<HTMLElement>(`.${settings.barClass}[data-popup="${shown}"]`);
    if (!bar) return;
    sizes?.observe(bar);
    publish();
  };

  const show = (popup: string | null) => {
    shown = popup;
    sizes?.disconnect();
    bar = null;
    if (popup) root.setAttribute(settings.popupAttribute, popup);
    else root.removeAttribute(settings.popupAttribute);
    if (!popup) root.style.removeProperty(settings.heightVar);
    // Seen is seen once it is on screen (as Popups mark it).
    if (popup === 'announcement') write(settings.seenKey, '1');
    settle();
  };

  // In the head, the bars are not parsed yet: settled as soon as they are, before the first paint.
  if (typeof MutationObserver !== 'undefined') {
    const parsing = new MutationObserver(settle);
    parsing.observe(root, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => parsing.disconnect(), { once: true });
  }

  // The bar's buttons, until the app's bar takes its place (it removes these bars).
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest(`.${settings.barClass} [${settings.answerAttribute}]`);
    if (!button) return;
    const hadFocus = !!bar && bar.contains(document.activeElement);
    const answer = button.getAttribute(settings.answerAttribute);
    if (answer === 'all' || answer === 'necessary') {
      write(
        settings.consentKey,
        JSON.stringify({ choice: answer, at: new Date().toISOString(), version: settings.consentVersion }),
      );
      window.dispatchEvent(new Event(settings.consentEvent));
    }
    show(due());
    // As PopupBar does: the focus goes to the page's main landmark, not to <body>.
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  });

  show(due());
  // A bar due: the page is not drawn before its bars are parsed (they come after the app's root, at
  // the end of the page), so the first paint has the bar and its room. Without this, a busy phone's
  // parser could stop before them and the page be drawn once without the room (seen in 1 of 16
  // loads on a loaded machine). Browsers without `rel=expect` (Chrome before 124) draw as before.
  if (shown && document.readyState === 'loading' && document.head) {
    const parsed = document.createElement('link');
    parsed.rel = 'expect';
    parsed.href = `#${settings.endId}`;
    parsed.setAttribute('blocking', 'render');
    document.head.appendChild(parsed);
  }
}

/** The head script's settings: the site's own keys and names. */
export const FIRST_POPUP_SETTINGS: FirstPopupSettings = {
  consentKey: STORAGE_KEYS.cookieConsent,
  consentVersion: CONSENT_VERSION,
  consentEvent: CONSENT_EVENT,
  seenKey: STORAGE_KEYS.announcementSeen,
  heightVar: POPUP_BAR_HEIGHT_VAR,
  popupAttribute: FIRST_POPUP_ATTRIBUTE,
  paidPlayAttribute: PAID_PLAY_ATTRIBUTE,
  suspended: PAID_PLAY_SUSPENDED,
  barClass: FIRST_POPUP_CLASS,
  answerAttribute: FIRST_ANSWER_ATTRIBUTE,
  endId: FIRST_POPUP_END_ID,
};

/** The head script as the pre-render writes it into each page (which minifies it and refuses a `</` in it). */
export function firstPopupScriptText(): string {
  return `(${firstPopupScript.toString()})(${JSON.stringify(FIRST_POPUP_SETTINGS)});`;
}
