/**
 * The popup bar in the pre-rendered page's first paint (issue 29). The cookie notice and the
 * paid-play announcement came with the watchers, after hydration (about 0.85 s after navigation on
 * a phone at 4x), and the page made room for them then: the game screens' stage got 170 px lower
 * under the player's finger, and the ticket bar moved up where the picture had been.
 *
 * Now each pre-rendered page carries both bars, hidden, in its language (src/prerender), and a
 * small script in its head (first-paint-script.ts, inline: the server adds its hash to the page's
 * CSP) picks the one due before anything is drawn, from what this browser keeps (the cookie
 * notice's answer, the announcement seen) and what the server wrote on <html> as it sent the page
 * (`data-paid-play="suspended"`); the bars it will not show leave the page as they are parsed.
 * It publishes the bar's height as Popups do, so the page keeps that room from its first paint,
 * and answers the bar's buttons until the app's own bar takes its place (PopupBar's
 * takeOverFirstPopup): the same markup at the same height, so nothing moves. The order is
 * Popups' (cookies, then the announcement); the alerts offer is the app's alone.
 */
import { focusMain } from '../../ui/focus-main.ts';

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
    if (same) same.focus({ preventScroll: true });
    else focusMain();
  }
  return replaced;
}
