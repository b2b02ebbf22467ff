import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { XHR } from './accounts.ts';
import type { ServerHarness } from './server-harness.ts';

// What the admin pictures suites share: a plain picture to encode and the upload call.

export const flat = (width: number, height: number, background = '#2e7d32') =>
  sharp({ create: { width, height, channels: 3, background } });

export function upload(
  server: ServerHarness,
  cookie: string,
  body: Buffer | Readable | string | undefined,
  contentType: string | undefined,
  kind = 'contest',
) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/pictures?kind=${kind}`,
    headers: { ...XHR, cookie, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(body === undefined ? {} : { payload: body }),
  });
}
