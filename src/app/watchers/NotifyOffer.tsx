import { lazy, Suspense, useEffect, useState } from 'react';
import { CONSENT_EVENT, readConsent } from '../../shared/consent.ts';
import { useLoggedIn } from '../../shared/use-logged-in.ts';

// The offer runs a state machine: XState comes with it, only for a logged-in player (issue 29).
const NotifyOfferBar = lazy(() => import('./NotifyOfferBar.tsx'));

/**
 * The contest alerts offer, for logged-in players once the cookie notice is answered; the last of
 * the popups (Popups.tsx). Mounted afresh on each login, so a new account renews the browser's
 * subscription.
 */
export function NotifyOffer() {
  const loggedIn = useLoggedIn();
  const [consented, setConsented] = useState(() => readConsent() !== null);
  useEffect(() => {
    const onConsent = () => setConsented(true);
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, []);
  return loggedIn && consented ? (
    <Suspense fallback={null}>
      <NotifyOfferBar />
    </Suspense>
  ) : null;
}
