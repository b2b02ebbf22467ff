import { STORAGE_KEYS } from './storage-keys.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.loginMarker) !== null;
  } catch {
    return false;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/**
 * The login marker: present means "this browser has a session", which is all the routing
 * needs. Changes in other tabs arrive through the storage event.
 */
export const loginMarker = {
  isSet: read,
  set(): void {
    window.localStorage.setItem(STORAGE_KEYS.loginMarker, String(Date.now()));
    notify();
  },
  clear(): void {
    window.localStorage.removeItem(STORAGE_KEYS.loginMarker);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.loginMarker || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
