import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/api/', '/locales/', '/healthz', '/readyz', '/meta.json'];

/** A path that names a file (has an extension) must 404 when missing, never get index.html. */
const looksLikeFile = (url: string) => path.extname(url.split('?')[0] ?? '') !== '';

/**
 * Hosts the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every other GET that accepts HTML answered with index.html so client routes survive a
 * reload (history fallback). Unknown API paths and missing files get a JSON 404.
 */
export async function staticSite(app: FastifyInstance): Promise<void> {
  const { distDir } = app.config;
  const built = existsSync(path.join(distDir, 'index.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build wrote .br and .gz beside every text file (vite.config.ts): sent as they are,
      // chosen by Accept-Encoding, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        void reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendApp = (_request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply.status(503).send({ message: 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).', code: 'NOT_BUILT' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  };

  app.get('/', sendApp);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && !isApi && !looksLikeFile(url) && wantsHtml) return sendApp(request, reply);
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}
