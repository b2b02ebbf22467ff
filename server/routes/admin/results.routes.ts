import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JUDGING_MESSAGES,
  judgeQueueSchema,
  judgesRequiredAnswerSchema,
  judgesRequiredBodySchema,
  publishAnswerSchema,
  resultReviewSchema,
} from '../../../domain/judge-panel.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import { requireSealed } from '../../services/judging/verification.service.ts';
import { judgeQueue, resetJudgeMark, setJudgesRequired } from '../../services/judging/judging.service.ts';
import { judgesRequired } from '../../services/judging/shared.ts';
import { sendResultNotices } from '../../services/judging/notices.ts';
import { publishResult, resultReview } from '../../services/judging/results.ts';

const contestParams = z.object({ id: z.string().min(1).max(64) });
const markParams = contestParams.extend({ judgeId: z.string().min(1).max(64) });
const settingsAnswer = envelope(judgesRequiredAnswerSchema);

/** Results: the judging settings, the review of a judged contest, reset of a mark, publication. */
export async function resultsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/judging/settings', { schema: { response: { 200: settingsAnswer } } }, async () => ({
    data: { judgesRequired: await judgesRequired(app.db) },
  }));

  app.put(
    '/judging/settings',
    { schema: { body: judgesRequiredBodySchema, response: { 200: settingsAnswer } } },
    async (request) => {
      const { judgesRequired: n } = request.body;
      return {
        data: {
          judgesRequired: await setJudgesRequired(
            app.db,
            actorOf(currentUser(request), request.ip),
            n,
            app.clock.now(),
          ),
        },
      };
    },
  );

  // The closed contests with their judging progress (counts only), as judges see them, for the admin's list.
  app.get('/results', { schema: { response: { 200: envelope(judgeQueueSchema) } } }, async (request) => ({
    data: await judgeQueue(app.db, currentUser(request).id, app.clock.now()),
  }));

  app.get(
    '/results/:id',
    { schema: { params: contestParams, response: { 200: envelope(resultReviewSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      void reply.header('cache-control', 'no-store');
      // The admin opening a closed contest's judging seals it first, like a judge (issue 12).
      await requireSealed(app.db, app.secret, id, app.clock.now());
      return { data: await resultReview(app.db, app.pictures, id, currentUser(request).id, app.clock.now()) };
    },
  );

  app.delete(
    '/results/:id/marks/:judgeId',
    { schema: { params: markParams, response: { 200: envelope(z.object({})) } } },
    async (request) => {
      const { id, judgeId } = request.params;
      await resetJudgeMark(app.db, actorOf(currentUser(request), request.ip), id, judgeId, app.clock.now());
      return { data: {}, message: 'The mark was removed. That judge can mark again.' };
    },
  );

  app.post(
    '/results/:id/publish',
    {
      schema: {
        params: contestParams,
        response: { 200: envelope(publishAnswerSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = currentUser(request);
      await requireSealed(app.db, app.secret, id, app.clock.now());
      const { notices, publicAt } = await publishResult(
        app.db,
        { ...actorOf(user, request.ip), id: user.id },
        id,
        app.clock.now(),
      );
      // Told after the answer: a slow SMS relay must not hold the admin's screen. Whatever fails
      // here is retried by the notices job (server/plugins/contest-jobs.ts).
      void sendResultNotices(app.db, app.messages, app.config.publicUrl, () => app.clock.now(), id).catch(
        (error: unknown) => request.log.error({ err: error }, 'result notices failed; the job will retry'),
      );
      const message = publicAt > app.clock.now() ? JUDGING_MESSAGES.publishedBeforeShow : JUDGING_MESSAGES.published;
      return { data: { notices, publicAt }, message };
    },
  );
}
