import type { FastifyReply, FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** Headers that a proxy adds (or a client pretends a proxy added): standard, de facto and CDN ones. */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'akamai-origin-hop',
  'x-cluster-client-ip',
  'x-proxyuser-ip',
  'x-original-forwarded-for',
  'x-envoy-external-address',
]);

/** The first forwarding header of a request (any X-Forwarded-* counts), or null. */
export function forwardingHeaderOf(headers: Record<string, unknown>): string | null {
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(lower)) return lower;
  }
  return null;
}

/**
 * onRequest hook of the demo conveniences (the development outbox, the development Google sign-in,
 * the sandbox payment page): they answer only to a browser on this machine. The socket's own
 * address decides, and a request that carries any forwarding header came through a proxy (a
 * same-host nginx connects from 127.0.0.1 on behalf of anyone; issue 27, finding 2), so it is not
 * local either, whatever the header says. Anyone else gets the same 404 as a route that does not
 * exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const forwarded = forwardingHeaderOf(request.headers);
  if (forwarded === null && isLoopbackAddress(request.socket.remoteAddress)) return;
  request.log.warn(
    { remoteAddress: request.socket.remoteAddress, forwardingHeader: forwarded, url: request.url },
    'a demo convenience was asked for from another machine or through a proxy: refused',
  );
  await reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
}
