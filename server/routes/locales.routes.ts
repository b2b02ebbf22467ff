import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

const csrfRefusedHere = () => new AppError(403, 'CSRF', SERVER_ERROR_MESSAGES.csrf);

/** The site itself, or (development) any http://localhost or 127.0.0.1 port, such as Vite's. */
function isLocalOrigin(origin: string, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export const LANGUAGES = ['en', 'hi'] as const;
const namespacePattern = /^[a-z][a-z0-9_-]{0,39}$/;

const paramsSchema = z.object({
  lng: z.enum(LANGUAGES),
  file: z.string().regex(/^[a-z][a-z0-9_-]{0,39}\.json$/),
});

const addParamsSchema = z.object({ lng: z.enum(LANGUAGES), ns: z.string().regex(namespacePattern) });
// i18next posts { "key": "fallback value", ... } for the keys it could not find.
const missingKeysSchema = z
  .record(z.string().max(200), z.string().max(2000))
  .refine((o) => Object.keys(o).length <= 200, 'Too many keys');

/**
 * Translation files, read from public/locales (the source of truth, also copied into the
 * build). In development, keys the web app could not find are collected under
 * DATA_DIR/locales-missing so a translator sees them; in production that door is closed.
 */
export async function localesRoutes(app: FastifyInstance): Promise<void> {
  const { localesDir, isProduction, dataDir } = app.config;

  app.get('/locales/:lng/:file', async (request, reply) => {
    const parsed = paramsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound(SERVER_ERROR_MESSAGES.noTranslation);
    const { lng, file } = parsed.data;
    let body: string;
    try {
      body = await readFile(path.join(localesDir, lng, file), 'utf8');
    } catch {
      throw notFound(SERVER_ERROR_MESSAGES.noTranslation);
    }
    void reply
      .header('cache-control', isProduction ? 'public, max-age=3600' : 'no-cache')
      .type('application/json; charset=utf-8');
    return body;
  });

  // Writes to one file wait for each other: two reports at once must not lose each other's keys.
  const queues = new Map<string, Promise<unknown>>();
  const serialised = <T>(file: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(file) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    queues.set(file, settled);
    void settled.then(() => {
      if (queues.get(file) === settled) queues.delete(file);
    });
    return next;
  };

  app.post('/locales/add/:lng/:ns', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    if (isProduction) throw notFound();
    // Outside /api, so the app-wide CSRF guard does not cover it: the same proof here (the web's
    // i18next sends the header; a cross-site form cannot), and no foreign Origin.
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw csrfRefusedHere();
    const origin = request.headers.origin;
    if (origin !== undefined && !isLocalOrigin(origin, app.config.publicUrl)) throw csrfRefusedHere();
    const params = addParamsSchema.safeParse(request.params);
    if (!params.success) throw notFound('No such translation namespace');
    const keys = missingKeysSchema.parse(request.body ?? {});
    const dir = path.join(dataDir, 'locales-missing', params.data.lng);
    const file = path.join(dir, `${params.data.ns}.json`);
    await serialised(file, async () => {
      await mkdir(dir, { recursive: true });
      let known: Record<string, string> = {};
      try {
        known = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      } catch {
        known = {};
      }
      const merged = { ...known, ...keys };
      // A name of its own per write, so even another process writing the same file cannot collide.
      const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
      await writeFile(tmp, `${JSON.stringify(merged, null, 2)}\n`);
      await rename(tmp, file);
    });
    request.log.warn({ lng: params.data.lng, ns: params.data.ns, keys: Object.keys(keys) }, 'missing translation keys');
    return reply.status(201).send({ data: { recorded: Object.keys(keys).length } });
  });
}
