import { z } from 'zod';

/** What a browser's PushManager.subscribe() gives, as the site stores it (the spec's device token). */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, {
      message: `${what} must be ${bytes} bytes`,
    });

export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url('endpoint must be a URL').max(1000, 'endpoint must be at most 1000 characters'),
  keys: z.object({ p256dh: base64url(65, 'p256dh'), auth: base64url(16, 'auth') }),
  lang: z.enum(['en', 'hi']).default('en'),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(1000) });

export const pushKeySchema = z.object({ publicKey: z.string() });

/** The moments a subscribed player hears about, once per contest each. */
export const PUSH_KINDS = ['open', 'closing', 'results'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What the service worker shows: a title, a line, and where a tap leads. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
