import { apiErrorOf } from '../api/http.ts';
import { fetchPushKey, saveSubscription } from '../api/push.ts';
import { PermissionRefusedError, type PushPermission } from '../../machines/notify-offer.machine.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The service worker that shows pushes; kept when a new build drops the others. */
export const PUSH_WORKER_URL = '/push-sw.js';

/** Web Push needs a service worker, the Push API and notifications; iOS has them only for installed apps. */
export function pushPermission(): PushPermission {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

const base64urlToBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/**
 * Subscribes this browser and tells the server (the spec's device token is the endpoint, kept
 * in local storage). With `prompt`, the browser's permission prompt comes first; a 'no' there is
 * a PermissionRefusedError.
 */
export async function subscribeToPush({ prompt, lang }: { prompt: boolean; lang: 'en' | 'hi' }): Promise<void> {
  if (prompt && (await Notification.requestPermission()) !== 'granted') throw new PermissionRefusedError();
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const applicationServerKey = base64urlToBytes(await fetchPushKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && subscription.options.applicationServerKey) {
    // Made with another key (the site's keys changed): it cannot carry our pushes any more.
    const current = new Uint8Array(subscription.options.applicationServerKey);
    if (current.length !== applicationServerKey.length || current.some((byte, i) => byte !== applicationServerKey[i])) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  let endpoint: string;
  try {
    endpoint = await save(subscription, lang);
  } catch (error) {
    // The browser's subscription is another account's (whoever turned notifications on here
    // before): the server never moves it, so this player gets a new one of their own.
    if (apiErrorOf(error).code !== 'PUSH_ENDPOINT_TAKEN') throw error;
    await subscription.unsubscribe();
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    endpoint = await save(subscription, lang);
  }
  try {
    window.localStorage.setItem(STORAGE_KEYS.deviceToken, endpoint);
  } catch {
    // Storage refused: the subscription stands on the server anyway.
  }
}

async function save(subscription: PushSubscription, lang: 'en' | 'hi'): Promise<string> {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.['p256dh'] || !json.keys['auth'])
    throw new Error('The browser gave an incomplete subscription');
  await saveSubscription({
    endpoint: json.endpoint,
    keys: { p256dh: json.keys['p256dh'], auth: json.keys['auth'] },
    lang,
  });
  return json.endpoint;
}

/** After a decline the offer comes back only after this long. */
export const ASK_AGAIN_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

export function declinedRecently(now = Date.now()): boolean {
  try {
    const at = Date.parse(window.localStorage.getItem(STORAGE_KEYS.notificationsDeclined) ?? '');
    return Number.isFinite(at) && now - at < ASK_AGAIN_AFTER_MS;
  } catch {
    return false;
  }
}

export function rememberDecline(now = new Date()): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.notificationsDeclined, now.toISOString());
  } catch {
    // Storage refused: the offer may come again next visit.
  }
}
