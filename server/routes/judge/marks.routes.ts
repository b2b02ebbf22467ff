import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  judgeContestSchema,
  judgeMarkAnswerSchema,
  judgeMarkBodySchema,
  judgeQueueSchema,
} from '../../../domain/judge-panel.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import { judgeContest, judgeQueue, submitJudgeMark } from '../../services/judging/judging.service.ts';
import { requireSealed } from '../../services/judging/verification.service.ts';

const contestParams = z.object({ id: z.string().min(1).max(64) });
const markAnswer = envelope(judgeMarkAnswerSchema);

/**
 * The judges' panel: closed contests to mark, one contest's picture with my own mark, and my one
 * mark. Nothing here ever carries another judge's mark or a player's entry.
 */
export async function judgeMarksRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/contests', { schema: { response: { 200: envelope(judgeQueueSchema) } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { data: await judgeQueue(app.db, currentUser(request).id, app.clock.now()) };
  });

  app.get(
    '/contests/:id',
    { schema: { params: contestParams, response: { 200: envelope(judgeContestSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      void reply.header('cache-control', 'no-store');
      // No judge sees a contest whose entry list is not sealed (issue 12).
      await requireSealed(app.db, app.secret, id, app.clock.now());
      return { data: await judgeContest(app.db, app.pictures, currentUser(request).id, id, app.clock.now()) };
    },
  );

  app.post(
    '/contests/:id/mark',
    { schema: { params: contestParams, body: judgeMarkBodySchema, response: { 200: markAnswer } } },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const user = currentUser(request);
      await requireSealed(app.db, app.secret, id, app.clock.now());
      const outcome = await submitJudgeMark(
        app.db,
        { ...actorOf(user, request.ip), id: user.id },
        id,
        body,
        app.clock.now(),
      );
      return {
        data: { state: outcome.state, marks: outcome.marks, required: outcome.required },
        message:
          outcome.state === 'judged'
            ? 'Your mark is in. Every judge has marked: the judged point is fixed.'
            : 'Your mark is in. Thank you.',
      };
    },
  );
}
