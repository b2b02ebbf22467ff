import { PAID_PLAY_ATTRIBUTE, PAID_PLAY_SUSPENDED } from '../../../domain/html.ts';
import { CONSENT_EVENT, CONSENT_VERSION } from '../../shared/consent.ts';
import { STORAGE_KEYS } from '../../shared/storage-keys.ts';

/**
 * The popup bar in the pre-rendered page's first paint (issue 29). The cookie notice and the
 * paid-play announcement came with the watchers, after hydration (about 0.85 s after navigation on
 * a phone at 4x), and the page made room for them then: the game screens' stage got 170 px lower
 * under the player's finger, and the ticket bar moved up where the picture had been.
 *
 * Now each pre-rendered page carries both bars, hidden, in its language (src/prerender), and a
 * small script in its head (firstPopupScript, inline: the server adds its hash to the page's
 * CSP) picks the one due before anything is drawn, from what this browser keeps (the cookie
 * notice's answer, the announcement seen) and what the server wrote on <html> as it sent the page
 * (`data-paid-play="suspended"`); the bars it will not show leave the page as they are parsed.
 * It publishes the bar's height as Popups do, so the page keeps that room from its first paint,
 * and answers the bar's buttons until the app's own bar takes its place (PopupBar's
 * takeOverFirstPopup): the same markup at the same height, so nothing moves. The order is
 * Popups' (cookies, then the announcement); the alerts offer is the app's alone.
 */

/** The CSS variable the page keeps free at the bottom of the screen while a bar shows (popups.css). */
export const POPUP_BAR_HEIGHT_VAR = '--popup-bar-height';
/** On <html>: which first-paint bar shows ('cookies' or 'announcement'); absent when none does. */
export const FIRST_POPUP_ATTRIBUTE = 'data-first-popup';
/** The class of the pre-rendered bars (popups.css shows the one <html> names). */
export const FIRST_POPUP_CLASS = 'popup-bar--first';
/** On a first-paint bar's buttons: what the button answers ('all', 'necessary', 'ok'). */
export const FIRST_ANSWER_ATTRIBUTE = 'data-first-answer';
/** The id of the empty <template> the build writes after the bars: the page is drawn once it is parsed. */
export const FIRST_POPUP_END_ID = 'first-popups-end';

export type FirstPopup = 'cookies' | 'announcement';

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

/** The head script as the pre-render writes it into each page (inside <script>, no `</`). */
export function firstPopupScriptText(): string {
  const text = `(${firstPopupScript.toString()})(${JSON.stringify(FIRST_POPUP_SETTINGS)});`;
  if (text.includes('</')) throw new Error('the first-paint popup script must not contain "</"');
  return text;
}

/** The first-paint bar showing now, if any (the app takes it over: Popups, PopupBar). */
export function firstPopupShown(): FirstPopup | null {
  if (typeof document === 'undefined') return null;
  const popup = document.documentElement.getAttribute(FIRST_POPUP_ATTRIBUTE);
  return popup === 'cookies' || popup === 'announcement' ? popup : null;
}

/**
 * The app's bar takes the first-paint bar's place (`bar`: the app's, just mounted, at the same
 * height), or none does (`bar` null: nothing due after all). The first-paint bars leave the page;
 * a focus in the one shown moves to the same control of the app's bar (else to the main landmark).
 * True when `bar` replaced the bar shown, of the same popup: the room it keeps is already published.
 */
export function takeOverFirstPopup(bar: HTMLElement | null): boolean {
  const root = document.documentElement;
  const first = [...document.querySelectorAll<HTMLElement>(`.${FIRST_POPUP_CLASS}`)];
  const showing = root.hasAttribute(FIRST_POPUP_ATTRIBUTE);
  if (first.length === 0 && !showing) return false;
  const replaced = !!bar && root.getAttribute(FIRST_POPUP_ATTRIBUTE) === bar.dataset.popup;
  const focused = first.find((element) => element.contains(document.activeElement));
  const controls = (element: HTMLElement) => [...element.querySelectorAll<HTMLElement>('a[href], button')];
  const at = focused ? controls(focused).indexOf(document.activeElement as HTMLElement) : -1;
  root.removeAttribute(FIRST_POPUP_ATTRIBUTE);
  for (const element of first) element.remove();
  document.getElementById(FIRST_POPUP_END_ID)?.remove();
  // The room kept for the first-paint bar, when no bar of the app's replaces it (an app's bar publishes its own).
  if (showing && !bar) root.style.removeProperty(POPUP_BAR_HEIGHT_VAR);
  if (focused) {
    const same = bar && at >= 0 && bar.dataset.popup === focused.dataset.popup ? controls(bar)[at] : undefined;
    (same ?? document.getElementById('main'))?.focus({ preventScroll: true });
  }
  return replaced;
}
