import type { FastifyReply, FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * onRequest hook of the demo conveniences (the development outbox, the development Google sign-in,
 * the sandbox payment page): they answer only to a browser on this machine. The socket's own
 * address decides, never X-Forwarded-For, so no header and no proxy makes a remote client local.
 * Anyone else gets the same 404 as a route that does not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isLoopbackAddress(request.socket.remoteAddress)) return;
  request.log.warn(
    { remoteAddress: request.socket.remoteAddress, url: request.url },
    'a demo convenience was asked for from another machine: refused',
  );
  await reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
}
