import { lazy, Suspense } from 'react';
import { LanguageWatcher } from './LanguageWatcher.tsx';
import { Popups } from './Popups.tsx';
import { useBackgroundStart } from './use-background-start.ts';

const BackgroundWatchers = lazy(() => import('./BackgroundWatchers.tsx'));

/**
 * The background watchers, in their own chunk: nothing on screen waits for them, so the first
 * paint does not either. The ones that need XState and the dialog library (session, version) are
 * in a further chunk, started when needed (use-background-start.ts).
 */
export default function Watchers() {
  const { started, unauthorizedBeforeStart } = useBackgroundStart();
  return (
    <>
      {started && (
        <Suspense fallback={null}>
          <BackgroundWatchers unauthorizedBeforeStart={unauthorizedBeforeStart} />
        </Suspense>
      )}
      <LanguageWatcher />
      <Popups />
    </>
  );
}
