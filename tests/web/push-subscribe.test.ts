import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeToPush } from '../../src/shared/push.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';

const KEY = Buffer.from(new Uint8Array(65).fill(4)).toString('base64url');

/** A browser's PushManager: one subscription at a time, a new endpoint for each new one. */
function fakeBrowser(existing: string | null) {
  let made = 0;
  const subscriptionFor = (endpoint: string) => ({
    endpoint,
    options: { applicationServerKey: Uint8Array.from(Buffer.from(KEY, 'base64url')).buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-${endpoint}`, auth: `auth-${endpoint}` } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  let current: ReturnType<typeof subscriptionFor> | null = existing ? subscriptionFor(existing) : null;
  const first = current;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => {
      made += 1;
      current = subscriptionFor(`https://fcm.googleapis.com/fcm/send/new-${made}`);
      return current;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => ({ pushManager }), ready: Promise.resolve() },
  });
  return { pushManager, first };
}

describe('subscribeToPush and a browser another account subscribed before (issue 27, finding 11)', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it("makes a new subscription of the player's own when the server says the old one is another account's", async () => {
    const { pushManager, first } = fakeBrowser('https://fcm.googleapis.com/fcm/send/theirs');
    const calls = stubApi({
      'GET /push/key': () => ok({ publicKey: KEY }),
      'POST /push/subscriptions': (body) =>
        (body as { endpoint: string }).endpoint.endsWith('/theirs')
          ? fail(409, 'These notifications belong to another account on this browser.', 'PUSH_ENDPOINT_TAKEN')
          : ok({ subscriptions: 1 }),
    });
    await subscribeToPush({ prompt: false, lang: 'hi' });
    expect(first!.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    const posted = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { endpoint: string }).endpoint);
    expect(posted).toEqual(['https://fcm.googleapis.com/fcm/send/theirs', 'https://fcm.googleapis.com/fcm/send/new-1']);
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe('https://fcm.googleapis.com/fcm/send/new-1');
  });

  it('keeps the subscription and says why for any other refusal', async () => {
    const { pushManager, first } = fakeBrowser('https://evil.example/push');
    stubApi({
      'GET /push/key': () => ok({ publicKey: KEY }),
      'POST /push/subscriptions': () => fail(400, 'Not one we can send to.', 'PUSH_SERVICE_NOT_ALLOWED'),
    });
    await expect(subscribeToPush({ prompt: false, lang: 'en' })).rejects.toMatchObject({
      response: { status: 400 },
    });
    expect(first!.unsubscribe).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBeNull();
  });
});
