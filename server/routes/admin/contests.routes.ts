import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminContestSchema,
  adminContestsPageSchema,
  adminContestsQuerySchema,
  cancelContestSchema,
  closeContestSchema,
  CONTEST_ADMIN_MESSAGES,
  CONTEST_DEFAULTS_MESSAGES,
  contestDefaultsPageSchema,
  contestDefaultsSettingsSchema,
  contestDefaultsSchema,
  contestIdParamsSchema,
  contestInputSchema,
  countersCheckSchema,
  countersRepairSchema,
  reopenContestSchema,
} from '../../../domain/admin-contests.ts';
import { closeContestNow, reopenContest } from '../../services/admin/admin-contests/close.ts';
import { contestDefaultsPage, setContestDefaults } from '../../services/admin/admin-contest-defaults.service.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { currentUser } from '../../plugins/session.ts';
import { contestDefaults, createContest, updateContest } from '../../services/admin/admin-contest.service.ts';
import { cancelContest } from '../../services/admin/admin-contests/cancel.ts';
import { adminContest, listAdminContests } from '../../services/admin/admin-contests/present.ts';
import { checkCounters, repairCounters } from '../../services/admin/admin-counters.service.ts';
import { actorOf } from '../../services/site/audit.service.ts';

/** The console's Contests area: list with figures, create, edit (with its locks), cancel, and the ticket counters' check and repair. */
export async function contestsAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/contests',
    { schema: { querystring: adminContestsQuerySchema, response: { 200: envelope(adminContestsPageSchema) } } },
    async (request) => {
      return { data: await listAdminContests(app.db, request.query, app.clock.now()) };
    },
  );

  app.get('/contests/defaults', { schema: { response: { 200: envelope(contestDefaultsSchema) } } }, async () => {
    return { data: await contestDefaults(app.db, app.clock.now(), app.config.contestDefaults) };
  });

  app.get(
    '/contests/:id',
    { schema: { params: contestIdParamsSchema, response: { 200: envelope(adminContestSchema) } } },
    async (request) => {
      const { id } = request.params;
      return { data: await adminContest(app.db, id, app.clock.now()) };
    },
  );

  app.post(
    '/contests',
    { schema: { body: contestInputSchema, response: { 201: envelope(adminContestSchema) } } },
    async (request, reply) => {
      const contest = await createContest(
        app.db,
        actorOf(currentUser(request), request.ip),
        request.body,
        app.clock.now(),
      );
      void reply.code(201);
      return { data: contest, message: 'The contest has been created.' };
    },
  );

  app.put(
    '/contests/:id',
    {
      schema: {
        params: contestIdParamsSchema,
        body: contestInputSchema,
        response: { 200: envelope(adminContestSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const contest = await updateContest(
        app.db,
        actorOf(currentUser(request), request.ip),
        id,
        request.body,
        app.clock.now(),
      );
      return { data: contest, message: 'The contest has been saved.' };
    },
  );

  app.post(
    '/contests/:id/cancel',
    {
      schema: {
        params: contestIdParamsSchema,
        body: cancelContestSchema,
        response: { 200: envelope(adminContestSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const deps = {
        db: app.db,
        gateway: app.payments,
        messages: app.messages,
        siteUrl: app.config.publicUrl,
        invoices: app.config.invoices,
        log: app.log,
      };
      const result = await cancelContest(deps, actorOf(currentUser(request), request.ip), id, reason, app.clock.now());
      return { data: result.contest, message: CONTEST_ADMIN_MESSAGES.cancelled };
    },
  );

  app.post(
    '/contests/:id/close',
    {
      schema: {
        params: contestIdParamsSchema,
        body: closeContestSchema,
        response: { 200: envelope(adminContestSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = actorOf(currentUser(request), request.ip);
      const contest = await closeContestNow(app.db, app.secret, actor, id, request.body.reason, app.clock.now());
      return { data: contest, message: CONTEST_ADMIN_MESSAGES.closedNow };
    },
  );

  app.post(
    '/contests/:id/reopen',
    {
      schema: {
        params: contestIdParamsSchema,
        body: reopenContestSchema,
        response: { 200: envelope(adminContestSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = actorOf(currentUser(request), request.ip);
      const contest = await reopenContest(app.db, actor, id, request.body, app.clock.now());
      return { data: contest, message: CONTEST_ADMIN_MESSAGES.reopened };
    },
  );

  // Issue 26: the scheduler's defaults, set here instead of in the environment.
  app.get('/contest-defaults', { schema: { response: { 200: envelope(contestDefaultsPageSchema) } } }, async () => ({
    data: await contestDefaultsPage(app.db, app.config.contestDefaults),
  }));

  app.put(
    '/contest-defaults',
    {
      schema: { body: contestDefaultsSettingsSchema, response: { 200: envelope(contestDefaultsPageSchema) } },
    },
    async (request) => {
      const actor = actorOf(currentUser(request), request.ip);
      const page = await setContestDefaults(app.db, actor, request.body, app.config.contestDefaults, app.clock.now());
      return { data: page, message: CONTEST_DEFAULTS_MESSAGES.saved };
    },
  );

  app.delete(
    '/contest-defaults',
    { schema: { response: { 200: envelope(contestDefaultsPageSchema) } } },
    async (request) => {
      const actor = actorOf(currentUser(request), request.ip);
      const page = await setContestDefaults(app.db, actor, null, app.config.contestDefaults, app.clock.now());
      return { data: page, message: CONTEST_DEFAULTS_MESSAGES.reset };
    },
  );

  // A POST, not a GET: every check is written to the audit log.
  app.post(
    '/contests/counters/check',
    { schema: { response: { 200: envelope(countersCheckSchema) } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const check = await checkCounters(app.db, actorOf(currentUser(request), request.ip), app.clock.now());
      const wrong = check.contests.filter((c) => !c.ok).length;
      return {
        data: check,
        message:
          wrong === 0
            ? 'The ticket counters match the tickets.'
            : `The ticket counters of ${wrong} ${wrong === 1 ? 'contest differ' : 'contests differ'} from the tickets.`,
      };
    },
  );

  app.post(
    '/contests/:id/counters/repair',
    { schema: { params: contestIdParamsSchema, response: { 200: envelope(countersRepairSchema) } } },
    async (request) => {
      const { id } = request.params;
      const repair = await repairCounters(app.db, actorOf(currentUser(request), request.ip), id, app.clock.now());
      return { data: repair, message: 'The ticket counters have been recounted from the tickets.' };
    },
  );
}
