import type { FastifyRequest } from 'fastify';

/** What the sign-in state cookie (cs_oidc, signed by @fastify/cookie) keeps between /start and /complete. */
export interface OidcState {
  state: string;
  nonce: string;
  returnTo: string;
  expiresAt: number;
}

export const encodeState = (value: OidcState): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The state of a cookie this server signed, unexpired; anything else (forged, stale, malformed) is undefined. */
export function openState(request: FastifyRequest, raw: string | undefined, now: number): OidcState | undefined {
  if (!raw || raw.length > 2048) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  try {
    const value = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as Partial<OidcState>;
    if (
      typeof value.state !== 'string' ||
      typeof value.nonce !== 'string' ||
      typeof value.returnTo !== 'string' ||
      typeof value.expiresAt !== 'number'
    )
      return undefined;
    if (value.expiresAt <= now) return undefined;
    return value as OidcState;
  } catch {
    return undefined;
  }
}

/** A path on this site; anything else (another host, '//evil', a scheme) becomes '/'. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 512 || !value.startsWith('/')) return '/';
  if (
    value.startsWith('//') ||
    value.includes('\\') ||
    [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  )
    return '/';
  return value;
}
