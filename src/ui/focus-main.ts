/**
 * The focus to the layouts' <main id="main" tabIndex={-1}>, where the reader was on the page kept
 * in view: for a control that leaves the page under the focus (a popup bar's answer, the game
 * hints' "Got it"), so that the next Tab starts there and not at the top of <body>.
 */
export function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}
