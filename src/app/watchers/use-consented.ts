import { useCallback, useLayoutEffect, useState } from 'react';
import { CONSENT_EVENT, readConsent } from '../../shared/consent.ts';

/**
 * Whether the visitor has answered the cookie notice, kept up as they answer (CONSENT_EVENT), and
 * a way to say they have (an answer the browser would not store still closes the notice for this
 * visit). An answer given after the first render but before the app listened counts too: the
 * first paint's bar (first-paint-popup.ts) answers while the app renders in slices, and an answer
 * heard by no one brought the app's notice back over the page (seen once in CI: "Accept all"
 * clicked on the first paint's bar as the app took over, and the app's notice still there).
 */
export function useConsented(): readonly [boolean, () => void] {
  const [consented, setConsented] = useState(() => readConsent() !== null);
  // In the commit, before the browser paints: a notice answered meanwhile is never drawn again.
  useLayoutEffect(() => {
    const onConsent = () => setConsented(true);
    window.addEventListener(CONSENT_EVENT, onConsent);
    if (readConsent() !== null) onConsent();
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, []);
  const answered = useCallback(() => setConsented(true), []);
  return [consented, answered];
}
