import { useEffect, useState } from 'react';
import { onUnauthorized } from '../../api/api-error.ts';
import { whenSettledAndIdle } from '../../stage/idle.ts';
import { loginMarker } from '../../shared/login-marker.ts';

export interface BackgroundStart {
  /** Whether the session and version watchers (BackgroundWatchers.tsx) should run now. */
  started: boolean;
  /** A 401 came before they did: the session watcher handles it as soon as it runs. */
  unauthorizedBeforeStart: boolean;
}

/**
 * When the session and version watchers start (issue 29: XState and the dialog library stay out
 * of a visitor's first paint): on a login or a 401 (the session machine's only business with a
 * visitor who is logged out), and otherwise once the page has loaded, settled and the browser is
 * idle, for a logged-in player too: the inactivity clock counts the quiet time before it started
 * (SessionWatcher), and started at once it was mounted in the middle of the game screens' start,
 * a commit of 50-75 ms at 4x CPU slowdown before the stage's engine could start.
 */
export function useBackgroundStart(): BackgroundStart {
  const [start, setStart] = useState<BackgroundStart>(() => ({ started: false, unauthorizedBeforeStart: false }));
  useEffect(() => {
    const now = (unauthorized: boolean) =>
      setStart((was) =>
        was.started && (was.unauthorizedBeforeStart || !unauthorized)
          ? was
          : { started: true, unauthorizedBeforeStart: was.unauthorizedBeforeStart || unauthorized },
      );
    const stopSettled = whenSettledAndIdle(() => now(false));
    const stopMarker = loginMarker.subscribe(() => now(false));
    const stopUnauthorized = onUnauthorized(() => now(true));
    return () => {
      stopSettled();
      stopMarker();
      stopUnauthorized();
    };
  }, []);
  return start;
}
