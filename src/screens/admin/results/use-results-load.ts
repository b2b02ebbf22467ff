import { useCallback, useEffect, useState } from 'react';
import { callErrorOf } from '../../../api/admin-judging.ts';

export type Load<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/** Loads once and on reload(); the last answer stays on screen while a reload runs. */
export function useResultsLoad<T>(
  load: () => Promise<T>,
  failed: string,
  notSealed?: string,
): { state: Load<T>; reload: () => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live && setState({ status: 'failed', message: callErrorOf(error, failed, { NOT_SEALED: notSealed }).message }),
    );
    return () => {
      live = false;
    };
  }, [attempt, load, failed, notSealed]);
  return { state, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
