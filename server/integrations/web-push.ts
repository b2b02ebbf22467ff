import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { PushPayload } from '../../domain/push.ts';

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payloads, RFC 8291). The web-push
 * library does the cryptography; the request goes out through fetch with a timeout, so a slow
 * push service cannot hold the job.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The site's VAPID key pair, generated on first use and kept in DATA_DIR/vapid.json (mode 0600)
 * beside secret.key: browsers subscribe with the public key, so it must never change, and every
 * instance of the site needs the same file.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'vapid.json');
  try {
    const existing = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof existing.publicKey === 'string' && typeof existing.privateKey === 'string')
      return { publicKey: existing.publicKey, privateKey: existing.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  try {
    // 'wx': when two processes start at once, the second keeps the first one's keys.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadOrCreateVapidKeys(dataDir);
  }
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone': the browser dropped the subscription (404/410), so it is deleted. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** A notice about a contest is worth nothing a few hours late. */
const TTL_SECONDS = 6 * 60 * 60;
const TIMEOUT_MS = 10_000;

export function createPushSender(keys: VapidKeys, subject: string): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        },
      );
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) return 'gone';
        return res.ok ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}
