import { fromPromise } from 'xstate';
import { type BuildMeta, versionCheckMachine } from '../../machines/version-check.machine.ts';
import { fetchBuildMeta } from '../api/meta.ts';
import { PUSH_WORKER_URL } from '../shared/push.ts';
import { STORAGE_KEYS } from '../shared/storage-keys.ts';

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

/** Spec section 4: the version check with the browser's real effects (storage, caches, reload). */
export function versionCheckMachineFor() {
  return versionCheckMachine.provide({
    actors: {
      fetchMeta: fromPromise<BuildMeta>(() => fetchBuildMeta()),
      applyUpdate: fromPromise<void, { version: string }>(() => dropServiceWorkersAndCaches()),
    },
    actions: {
      storeVersion: (_, params) => window.localStorage.setItem(STORAGE_KEYS.appVersion, params.version),
      reloadPage: () => window.location.reload(),
    },
  });
}
