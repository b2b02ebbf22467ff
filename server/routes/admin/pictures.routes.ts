import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPictureDetailSchema,
  adminPicturePageSchema,
  adminPictureSchema,
  adminPicturesQuerySchema,
  adminPracticePairListSchema,
  adminPracticePairSchema,
  createPracticePairSchema,
  PICTURE_UPLOAD_ERROR_CODES,
  PICTURE_UPLOAD_MAX_BYTES,
  PICTURE_UPLOAD_MESSAGES,
  PICTURE_UPLOAD_MIMES,
  pictureUploadQuerySchema,
  practicePairBallWidthSchema,
  reorderPracticePairsSchema,
  updatePracticePairSchema,
} from '../../../domain/admin-pictures.ts';
import { AppError } from '../../errors.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import {
  adminPictureDetail,
  listAdminPictures,
  receiveToFile,
  tooLargeUpload,
  uploadPicture,
} from '../../services/admin/admin-pictures.service.ts';
import {
  createPracticePair,
  listPracticePairs,
  reorderPracticePairs,
  setPracticePairActive,
  setPracticePairBallWidth,
} from '../../services/admin/admin-practice.service.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import { contestBallWidthBodySchema, contestBallWidthSchema } from '../../../domain/contest-ball-width.ts';
import {
  contestPictureBallWidth,
  setContestPictureBallWidth,
} from '../../services/contests/contest-ball-width.service.ts';

const wrongType = () => new AppError(415, PICTURE_UPLOAD_ERROR_CODES.wrongType, PICTURE_UPLOAD_MESSAGES.wrongType);
const emptyUpload = () => new AppError(400, PICTURE_UPLOAD_ERROR_CODES.empty, PICTURE_UPLOAD_MESSAGES.empty);

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * POST /admin/pictures?kind=...: the raw file is the body (Content-Type image/jpeg, image/png or
 * image/webp). It is written to DATA_DIR/uploads/.incoming as it arrives, never held whole in
 * memory, up to PICTURE_UPLOAD_MAX_BYTES: the only route with a body limit that large (the
 * app's 1 MB stays everywhere else, and this scope parses nothing but the three image types).
 */
async function uploadRoute(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  // The body is handed over unread, as a stream: the handler writes it to disk.
  app.addContentTypeParser([...PICTURE_UPLOAD_MIMES], (_request, payload, done) => done(null, payload));

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    // Whatever went wrong, part of the body may still be on its way: do not keep the connection.
    void reply.header('connection', 'close');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE') throw wrongType();
    if (error.validation && error.validationContext === 'querystring')
      throw new AppError(400, 'VALIDATION_FAILED', PICTURE_UPLOAD_MESSAGES.badKind, {
        kind: PICTURE_UPLOAD_MESSAGES.badKind,
      });
    throw error instanceof Error
      ? error
      : Object.assign(new Error(String((error as { message?: unknown }).message ?? 'Request failed')), error);
  });

  app.post(
    '/pictures',
    { schema: { querystring: pictureUploadQuerySchema, response: { 201: envelope(adminPictureSchema) } } },
    async (request, reply) => {
      const { kind } = request.query;
      if (!request.headers['content-type']) throw wrongType();
      if (!(request.body instanceof Readable)) throw emptyUpload();
      const declared = Number(request.headers['content-length']);
      if (declared > PICTURE_UPLOAD_MAX_BYTES) throw tooLargeUpload();
      const received = await receiveToFile(request.body, app.pictures.incomingDir, PICTURE_UPLOAD_MAX_BYTES);
      if (received.bytes === 0) {
        await rm(received.path, { force: true });
        throw emptyUpload();
      }
      const picture = await uploadPicture(app.db, app.pictures, actorOf(currentUser(request), request.ip), {
        filePath: received.path,
        kind,
        now: app.clock.now(),
      });
      return reply.status(201).send({ data: picture, message: 'The picture has been uploaded.' });
    },
  );
}

/** Admin > Pictures: the picture library, uploads, previews and the practice game's pairs. */
export async function picturesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(uploadRoute);

  app.get(
    '/pictures',
    { schema: { querystring: adminPicturesQuerySchema, response: { 200: envelope(adminPicturePageSchema) } } },
    async (request) => {
      return { data: await listAdminPictures(app.db, request.query) };
    },
  );

  app.get(
    '/pictures/:id',
    { schema: { params: idParams, response: { 200: envelope(adminPictureDetailSchema) } } },
    async (request) => {
      const { id } = request.params;
      return { data: await adminPictureDetail(app.db, app.pictures, id) };
    },
  );

  // A contest picture's ball width (the winners' pages tell distances in it), or its default.
  app.get(
    '/pictures/:id/ball-width',
    { schema: { params: idParams, response: { 200: envelope(contestBallWidthSchema) } } },
    async (request) => ({ data: await contestPictureBallWidth(app.db, request.params.id) }),
  );

  app.put(
    '/pictures/:id/ball-width',
    {
      bodyLimit: 16 * 1024,
      schema: {
        params: idParams,
        body: contestBallWidthBodySchema,
        response: { 200: envelope(contestBallWidthSchema.extend({ changed: z.boolean() })) },
      },
    },
    async (request) => ({
      data: await setContestPictureBallWidth(
        app.db,
        actorOf(currentUser(request), request.ip),
        request.params.id,
        request.body.ballWidth,
        app.clock.now(),
      ),
    }),
  );

  app.get('/practice-pairs', { schema: { response: { 200: envelope(adminPracticePairListSchema) } } }, async () => {
    return { data: { pairs: await listPracticePairs(app.db) } };
  });

  app.post(
    '/practice-pairs',
    {
      bodyLimit: 16 * 1024,
      schema: { body: createPracticePairSchema, response: { 201: envelope(adminPracticePairSchema) } },
    },
    async (request, reply) => {
      const input = request.body;
      const pair = await createPracticePair(app.db, actorOf(currentUser(request), request.ip), input, app.clock.now());
      return reply.status(201).send({ data: pair, message: 'The practice pair has been made.' });
    },
  );

  app.patch(
    '/practice-pairs/:id',
    {
      bodyLimit: 16 * 1024,
      schema: {
        params: idParams,
        body: updatePracticePairSchema,
        response: { 200: envelope(z.object({ pair: adminPracticePairSchema, changed: z.boolean() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { active } = request.body;
      return {
        data: await setPracticePairActive(
          app.db,
          actorOf(currentUser(request), request.ip),
          id,
          active,
          app.clock.now(),
        ),
      };
    },
  );

  app.put(
    '/practice-pairs/:id/ball-width',
    {
      bodyLimit: 16 * 1024,
      schema: {
        params: idParams,
        body: practicePairBallWidthSchema,
        response: { 200: envelope(z.object({ pair: adminPracticePairSchema, changed: z.boolean() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { ballWidth } = request.body;
      return {
        data: await setPracticePairBallWidth(
          app.db,
          actorOf(currentUser(request), request.ip),
          id,
          ballWidth,
          app.clock.now(),
        ),
      };
    },
  );

  app.put(
    '/practice-pairs/order',
    {
      bodyLimit: 64 * 1024,
      schema: { body: reorderPracticePairsSchema, response: { 200: envelope(adminPracticePairListSchema) } },
    },
    async (request) => {
      const { ids } = request.body;
      return {
        data: {
          pairs: await reorderPracticePairs(app.db, actorOf(currentUser(request), request.ip), ids, app.clock.now()),
        },
      };
    },
  );
}
