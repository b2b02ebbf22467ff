import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contestSealSchema,
  type Publication,
  publicationSchema,
  receiptSchema,
  SEALED_NODES_MAX,
  sealedNodesSchema,
} from '../../domain/verification.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { envelope, fileAnswer } from '../plugins/zod-schemas.ts';
import { contestState } from '../services/contests/contest.service.ts';
import {
  contestSealView,
  publicationCsv,
  publicationOf,
  receiptOf,
  sealedNodesOf,
} from '../services/judging/publication.ts';

const contestParams = z.object({ id: z.string().min(1).max(64) });
/** ?depth=3&index=4,5 (at most SEALED_NODES_MAX distinct indices). */
const nodesQuery = z.object({
  depth: z.coerce.number().int().min(0).max(63),
  index: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'indices: comma-separated whole numbers')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((v) => v.length <= SEALED_NODES_MAX, `at most ${SEALED_NODES_MAX} indices`),
});
const ticketParams = z.object({ ticketId: z.string().min(1).max(64) });

/** The seal changes once (at close); a few seconds of caching spare the contest page's crowd. */
const SEAL_CACHE_CONTROL = 'public, max-age=5';
/** A publication never changes once made. */
const PUBLICATION_CACHE_CONTROL = 'public, max-age=300';

/** Public: a contest's seal and published result, the files anyone can check (issue 12). */
export async function verificationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/contests/:id/seal',
    { schema: { params: contestParams, response: { 200: envelope(contestSealSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      const now = app.clock.now();
      const view = await contestSealView(app.db, id, now, (c) => contestState(c, now));
      void reply.header('cache-control', SEAL_CACHE_CONTROL);
      return { data: view };
    },
  );

  app.get(
    '/contests/:id/publication',
    { schema: { params: contestParams, response: { 200: envelope(publicationSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      const publication = await publicationOf(app.db, app.secret, id, app.clock.now());
      void reply.header('cache-control', PUBLICATION_CACHE_CONTROL);
      return { data: publication };
    },
  );

  app.get(
    '/contests/:id/seal/nodes',
    { schema: { params: contestParams, querystring: nodesQuery, response: { 200: envelope(sealedNodesSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      const { depth, index } = request.query;
      void reply.header('cache-control', PUBLICATION_CACHE_CONTROL);
      return { data: await sealedNodesOf(app.db, id, depth, index, app.clock.now()) };
    },
  );

  /** A published file as a download: loads the publication, names the file after the contest. */
  const download =
    (suffix: string, contentType: string, body: (p: Publication) => string) =>
    async (request: FastifyRequest<{ Params: z.output<typeof contestParams> }>, reply: FastifyReply) => {
      const { id } = request.params;
      const publication = await publicationOf(app.db, app.secret, id, app.clock.now());
      return reply
        .header('cache-control', PUBLICATION_CACHE_CONTROL)
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="contest-${id}-${suffix}"`)
        .send(body(publication));
    };
  app.get(
    '/contests/:id/publication/file',
    {
      schema: {
        params: contestParams,
        response: { 200: fileAnswer('The publication as a file (cricspot-publication-v1)', 'application/json') },
      },
    },
    download('publication.json', 'application/json; charset=utf-8', (p) => `${JSON.stringify(p, null, 1)}\n`),
  );
  app.get(
    '/contests/:id/publication/entries.csv',
    {
      schema: {
        params: contestParams,
        response: { 200: fileAnswer('Every pseudonymous entry with its distance and rank', 'text/csv') },
      },
    },
    download('entries.csv', 'text/csv; charset=utf-8', publicationCsv),
  );

  // The player's own receipts, behind a login.
  await app.register(async (scope) => {
    const me = scope.withTypeProvider<ZodTypeProvider>();
    me.addHook('onRequest', requireUser);
    me.get(
      '/me/tickets/:ticketId/receipt',
      { schema: { params: ticketParams, response: { 200: envelope(receiptSchema) } } },
      async (request, reply) => {
        const { ticketId } = request.params;
        void reply.header('cache-control', 'private, no-store');
        return { data: await receiptOf(app.db, currentUser(request).id, ticketId) };
      },
    );
  });
}
