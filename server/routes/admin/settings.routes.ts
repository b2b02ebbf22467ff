import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paidPlayBodySchema, paidPlayStateSchema } from '../../../domain/admin-settings.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { restrictedStatesBodySchema, restrictedStatesStateSchema } from '../../../domain/location.ts';
import { setRestrictedStates, switchPaidPlay } from '../../services/admin/admin-settings.service.ts';
import { restrictedStatesState } from '../../services/contests/location.service.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import { paidPlayState } from '../../services/contests/settings.service.ts';

const statesAnswer = envelope(z.object({ restrictedStates: restrictedStatesStateSchema, changed: z.boolean() }));
const answer = envelope(z.object({ paidPlay: paidPlayStateSchema, changed: z.boolean() }));

/** Admin > Paid play: the site-wide switch of real-money play. */
export async function settingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/settings/paid-play', { schema: { response: { 200: answer } } }, async () => {
    return { data: { paidPlay: await paidPlayState(app.db, app.config.paidPlayDefault), changed: false } };
  });

  app.put(
    '/settings/paid-play',
    { schema: { body: paidPlayBodySchema, response: { 200: answer } } },
    async (request) => {
      const { enabled } = request.body;
      const { state, changed } = await switchPaidPlay(
        app.db,
        actorOf(currentUser(request), request.ip),
        enabled,
        app.config.paidPlayDefault,
        app.clock.now(),
      );
      return { data: { paidPlay: state, changed } };
    },
  );

  app.delete('/settings/paid-play', { schema: { response: { 200: answer } } }, async (request) => {
    const { state, changed } = await switchPaidPlay(
      app.db,
      actorOf(currentUser(request), request.ip),
      null,
      app.config.paidPlayDefault,
      app.clock.now(),
    );
    return { data: { paidPlay: state, changed } };
  });

  // Admin > Paid play > Restricted states: where contests are refused (the play gate).
  app.get('/settings/restricted-states', { schema: { response: { 200: statesAnswer } } }, async () => {
    return { data: { restrictedStates: await restrictedStatesState(app.db, app.config.location), changed: false } };
  });

  app.put(
    '/settings/restricted-states',
    { schema: { body: restrictedStatesBodySchema, response: { 200: statesAnswer } } },
    async (request) => {
      const { codes } = request.body;
      const { state, changed } = await setRestrictedStates(
        app.db,
        actorOf(currentUser(request), request.ip),
        codes,
        app.config.location,
        app.clock.now(),
      );
      return { data: { restrictedStates: state, changed } };
    },
  );

  app.delete('/settings/restricted-states', { schema: { response: { 200: statesAnswer } } }, async (request) => {
    const { state, changed } = await setRestrictedStates(
      app.db,
      actorOf(currentUser(request), request.ip),
      null,
      app.config.location,
      app.clock.now(),
    );
    return { data: { restrictedStates: state, changed } };
  });
}
