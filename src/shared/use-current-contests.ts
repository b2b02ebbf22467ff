import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentContests } from '../../domain/contests.ts';
import { useCurrentContestsFetch } from './current-contests-share.tsx';
import { currentLanguage } from './i18n.ts';

export type ContestsLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: CurrentContests };

/**
 * GET /contests/current in the language the site shows, once per language, for the home page's
 * hero (the prize) and contest card; `retry` asks again after a failure. The page's other caller
 * (the paid-play announcement) shares the answer (current-contests-share.tsx).
 */
export function useCurrentContests(): { load: ContestsLoad; retry: () => void } {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const [load, setLoad] = useState<ContestsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const fetchCurrentContests = useCurrentContestsFetch();

  useEffect(() => {
    let live = true;
    fetchCurrentContests(lng, { fresh: attempt > 0 }).then(
      (data) => live && setLoad({ status: 'ready', data }),
      () => live && setLoad({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [fetchCurrentContests, lng, attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { load, retry };
}
