import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentContests } from '../../domain/contests.ts';
import { fetchCurrentContests } from '../api/contests.ts';
import { currentLanguage } from './i18n.ts';

export type ContestsLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: CurrentContests };

/**
 * GET /contests/current in the language the site shows, once per language, for the home page's
 * hero (the prize) and contest card; `retry` asks again after a failure.
 */
export function useCurrentContests(): { load: ContestsLoad; retry: () => void } {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const [load, setLoad] = useState<ContestsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCurrentContests(lng).then(
      (data) => live && setLoad({ status: 'ready', data }),
      () => live && setLoad({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [lng, attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { load, retry };
}
