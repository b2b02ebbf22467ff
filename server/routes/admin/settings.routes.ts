import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paidPlayBodySchema, paidPlayStateSchema } from '../../../domain/admin-settings.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { switchPaidPlay } from '../../services/admin-settings.service.ts';
import { actorOf } from '../../services/audit.service.ts';
import { paidPlayState } from '../../services/settings.service.ts';

const answer = envelope(z.object({ paidPlay: paidPlayStateSchema, changed: z.boolean() }));

/** Admin > Paid play: the site-wide switch of real-money play. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/settings/paid-play', { schema: { response: { 200: answer } } }, async () => {
    return { data: { paidPlay: await paidPlayState(app.db, app.config.paidPlayDefault), changed: false } };
  });

  app.put('/settings/paid-play', { schema: { body: paidPlayBodySchema, response: { 200: answer } } }, async (request) => {
    const { enabled } = request.body as z.output<typeof paidPlayBodySchema>;
    const { state, changed } = await switchPaidPlay(app.db, actorOf(currentUser(request), request.ip), enabled, app.config.paidPlayDefault, app.clock.now());
    return { data: { paidPlay: state, changed } };
  });

  app.delete('/settings/paid-play', { schema: { response: { 200: answer } } }, async (request) => {
    const { state, changed } = await switchPaidPlay(app.db, actorOf(currentUser(request), request.ip), null, app.config.paidPlayDefault, app.clock.now());
    return { data: { paidPlay: state, changed } };
  });
}
