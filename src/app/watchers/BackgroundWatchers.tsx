import { SessionWatcher } from './SessionWatcher.tsx';
import { VersionWatcher } from './VersionWatcher.tsx';

/**
 * The watchers that run a state machine, in their own chunk with XState and the dialog library:
 * Watchers.tsx starts them when they are needed (use-background-start.ts), not on the first paint.
 */
export default function BackgroundWatchers({ unauthorizedBeforeStart }: { unauthorizedBeforeStart: boolean }) {
  return (
    <>
      <VersionWatcher />
      <SessionWatcher unauthorizedBeforeStart={unauthorizedBeforeStart} />
    </>
  );
}
