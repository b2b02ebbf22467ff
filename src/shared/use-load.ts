import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from './i18n.ts';

export type LoadState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

type Result<T> = { key: string; attempt: number; state: LoadState<T> };

/**
 * The one loader of the screens: what `load` reads, loaded again whenever `key` changes or on
 * `retry` (the spinner shows at once) or `reload` (what is on screen stays until the answer); a
 * null key loads nothing. The call in flight for an older key or attempt is aborted and its answer
 * ignored, so a slow answer never overwrites a newer one. `set` and `update` change the value
 * after a change the screen made (an `update` made for another key is dropped).
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string | null) {
  const [attempt, setAttempt] = useState({ n: 0, keep: false });
  const [result, setResult] = useState<Result<T> | null>(null);
  const n = attempt.n;
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const settle = (state: LoadState<T>) => !controller.signal.aborted && setResult({ key, attempt: n, state });
    load(controller.signal).then(
      (value) => settle({ status: 'ready', value }),
      (error: unknown) => settle({ status: 'failed', error }),
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; the key and the attempt say when what it loads has changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, n]);
  const shown = result !== null && result.key === key && (result.attempt === n || attempt.keep);
  const state: LoadState<T> = key === null ? { status: 'idle' } : shown ? result.state : { status: 'loading' };
  return {
    state,
    retry: useCallback(() => setAttempt((a) => ({ n: a.n + 1, keep: false })), []),
    reload: useCallback(() => setAttempt((a) => ({ n: a.n + 1, keep: true })), []),
    set: (value: T) => key !== null && setResult({ key, attempt: n, state: { status: 'ready', value } }),
    update: (change: (value: T) => T) =>
      setResult((r) =>
        r !== null && r.key === key && r.state.status === 'ready'
          ? { ...r, state: { status: 'ready', value: change(r.state.value) } }
          : r,
      ),
  };
}

/**
 * useLoad in the language the site shows: `read` gets it, and a switch of language reads again
 * (the spinner shows at once). `key` names the rest of what is read (a page, an id).
 */
export function useLanguageLoad<T>(read: (lang: Language, signal: AbortSignal) => Promise<T>, key: string | null = '') {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return useLoad((signal) => read(lng, signal), key === null ? null : `${lng}|${key}`);
}
