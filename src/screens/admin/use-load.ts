import { useEffect, useState } from 'react';

export type LoadState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

/**
 * One thing a console screen reads (an account, a setting), loaded again whenever `key` changes
 * or on retry; a null key loads nothing. What arrives for an older key is ignored, so a slow
 * answer never overwrites a newer one. `set` replaces the value after a change the screen made.
 */
export function useLoad<T>(load: () => Promise<T>, key: string | null) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: LoadState<T> } | null>(null);
  const fullKey = key === null ? null : `${key}#${attempt}`;
  useEffect(() => {
    if (fullKey === null) return;
    let live = true;
    load().then(
      (value) => live && setResult({ key: fullKey, state: { status: 'ready', value } }),
      (error: unknown) => live && setResult({ key: fullKey, state: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; the key says when what it loads has changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey]);
  const state: LoadState<T> =
    fullKey === null ? { status: 'idle' } : result && result.key === fullKey ? result.state : { status: 'loading' };
  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    set: (value: T) => fullKey !== null && setResult({ key: fullKey, state: { status: 'ready', value } }),
  };
}
