import type { PushSubscriptionBody } from '../../domain/push.ts';
import { dataAs, http } from './http.ts';

export async function fetchPushKey(): Promise<string> {
  return (await dataAs('pushKey', (await http.get('/push/key')).data)).publicKey;
}

export async function saveSubscription(body: PushSubscriptionBody): Promise<void> {
  await http.post('/push/subscriptions', body);
}
