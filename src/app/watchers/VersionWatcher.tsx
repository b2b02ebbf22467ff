import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { type BuildMeta, versionCheckMachine } from '../../../machines/version-check.machine.ts';
import { fetchBuildMeta } from '../../api/meta.ts';
import { PUSH_WORKER_URL } from '../push.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';

/** A tab left open for long checks again when it comes back, but not more often than this. */
const RECHECK_AFTER_MS = 5 * 60_000;

async function dropServiceWorkersAndCaches(): Promise<void> {
  if ('serviceWorker' in navigator) {
    // All but the push worker: it caches nothing, and dropping it would drop the player's alerts.
    const registrations = await navigator.serviceWorker.getRegistrations();
    const isPushWorker = (registration: ServiceWorkerRegistration) =>
      [registration.active, registration.waiting, registration.installing].some((worker) =>
        worker?.scriptURL.endsWith(PUSH_WORKER_URL),
      );
    await Promise.all(
      registrations
        .filter((registration) => !isPushWorker(registration))
        .map((registration) => registration.unregister()),
    );
  }
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
}

/** Spec section 4: the version check, with the browser's real effects. Renders nothing. */
export function VersionWatcher() {
  const actor = useActorRef(
    versionCheckMachine.provide({
      actors: {
        fetchMeta: fromPromise<BuildMeta>(() => fetchBuildMeta()),
        applyUpdate: fromPromise<void, { version: string }>(() => dropServiceWorkersAndCaches()),
      },
      actions: {
        storeVersion: (_, params) => window.localStorage.setItem(STORAGE_KEYS.appVersion, params.version),
        reloadPage: () => window.location.reload(),
      },
    }),
    { input: { storedVersion: window.localStorage.getItem(STORAGE_KEYS.appVersion) } },
  );

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
