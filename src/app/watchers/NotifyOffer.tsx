import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { useLoggedIn } from '../../shared/use-logged-in.ts';
import { useConsented } from './use-consented.ts';

// The offer runs a state machine: XState comes with it, only for a logged-in player (issue 29).
const NotifyOfferBar = lazy(() => import('./NotifyOfferBar.tsx'));

/**
 * The screens the offer waits to leave: a game in progress. Coming after the stage has taken the
 * screen's height, the bar would make the stage smaller under the player's finger as the engine
 * starts (the bar's room, popups.css); the offer comes on the next other page instead, and stays if
 * the player then goes to a game.
 */
const GAME_SCREENS: readonly string[] = [paths.quickGameScreen, paths.playScreen];

/**
 * The contest alerts offer, for logged-in players once the cookie notice is answered; the last of
 * the popups (Popups.tsx), which does not begin over a game (GAME_SCREENS). Mounted afresh on each
 * login, so a new account renews the browser's subscription.
 */
export function NotifyOffer() {
  const loggedIn = useLoggedIn();
  const onGame = GAME_SCREENS.includes(useLocation().pathname);
  const [consented] = useConsented();
  // Once begun on another page, it stays as the player goes to a game: its room is kept already.
  const [begun, setBegun] = useState(false);
  const may = loggedIn && consented;
  if (may && !onGame && !begun) setBegun(true);
  return may && (begun || !onGame) ? (
    <Suspense fallback={null}>
      <NotifyOfferBar />
    </Suspense>
  ) : null;
}
