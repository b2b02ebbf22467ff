import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

interface BuildMeta {
  version: string;
  builtAt?: string;
}

/** The build's version as written by `vite build`; without a build, the package version. */
function readBuildMeta(distDir: string): BuildMeta {
  try {
    return JSON.parse(readFileSync(path.join(distDir, 'meta.json'), 'utf8')) as BuildMeta;
  } catch {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    return { version: `${pkg.version}+unbuilt` };
  }
}

export async function metaRoutes(app: FastifyInstance): Promise<void> {
  const meta = readBuildMeta(app.config.distDir);
  // The browser compares this with its stored version; it must never come from a cache.
  app.get('/meta.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-store, max-age=0');
    return meta;
  });
}
