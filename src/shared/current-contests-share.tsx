import { createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { CurrentContests } from '../../domain/contests.ts';
import { fetchCurrentContests } from '../api/current-contests.ts';
import { loginMarker } from './login-marker.ts';

/** GET /contests/current in a language; `fresh` asks the server again (a retry). */
export type CurrentContestsFetch = (lang: 'en' | 'hi', options?: { fresh?: boolean }) => Promise<CurrentContests>;

/** An answer is shared this long at most, even without a navigation. */
const SHARE_MS = 30_000;

/** Outside the app's shell (a screen rendered on its own) every caller asks for itself. */
const ShareContext = createContext<CurrentContestsFetch>((lang) => fetchCurrentContests(lang));

/**
 * One request for the current contests per page view (issue 29): the home page's card and the
 * paid-play announcement ask at about the same time, and share the answer. A navigation, a login
 * or a logout, a failure and half a minute each end the sharing; a retry asks anew.
 */
export function CurrentContestsShare({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const [share] = useState(() => {
    const answers = new Map<string, { at: number; answer: Promise<CurrentContests> }>();
    const fetchShared: CurrentContestsFetch = (lang, options) => {
      const kept = answers.get(lang);
      if (kept && !options?.fresh && Date.now() - kept.at < SHARE_MS) return kept.answer;
      const answer = fetchCurrentContests(lang);
      const entry = { at: Date.now(), answer };
      answers.set(lang, entry);
      answer.catch(() => {
        if (answers.get(lang) === entry) answers.delete(lang);
      });
      return answer;
    };
    return { fetchShared, forget: () => answers.clear() };
  });
  // A layout effect: it runs before the new page's effects ask.
  useLayoutEffect(() => share.forget(), [share, key]);
  useLayoutEffect(() => loginMarker.subscribe(share.forget), [share]);
  return <ShareContext.Provider value={share.fetchShared}>{children}</ShareContext.Provider>;
}

/** How this page asks for the current contests: shared inside the app's shell. */
export function useCurrentContestsFetch(): CurrentContestsFetch {
  return useContext(ShareContext);
}
