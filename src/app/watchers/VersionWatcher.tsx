import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { versionCheckMachineFor } from '../../actors/version-check.actors.ts';
import { STORAGE_KEYS } from '../../shared/storage-keys.ts';

/** A tab left open for long checks again when it comes back, but not more often than this. */
const RECHECK_AFTER_MS = 5 * 60_000;

/** Spec section 4: the version check, with the browser's real effects. Renders nothing. */
export function VersionWatcher() {
  const actor = useActorRef(versionCheckMachineFor(), {
    input: { storedVersion: window.localStorage.getItem(STORAGE_KEYS.appVersion) },
  });

  useEffect(() => {
    let lastCheck = Date.now();
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < RECHECK_AFTER_MS) return;
      lastCheck = Date.now();
      actor.send({ type: 'version.check' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);

  return null;
}
