import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { type Dialect, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { createMessageSenders } from './integrations/message-senders.ts';
import type { MessageSender } from './integrations/messages.ts';
import { selectGateway } from './integrations/payments/select-gateway.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApi } from './plugins/openapi.ts';
import { loggerOptions, requestLog } from './plugins/request-log.ts';
import { rateLimits } from './plugins/rate-limits.ts';
import { capConnections } from './plugins/connection-caps.ts';
import { secureDataDir } from './data-dir.ts';
import { securityHeaders } from './plugins/security.ts';
import { sessions } from './plugins/session.ts';
import { staticSite } from './plugins/static-site.ts';
import { refuseNulText } from './plugins/text-guard.ts';
import { useZodSchemas } from './plugins/zod-schemas.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { adminRoutes } from './routes/admin/admin.routes.ts';
import { judgeRoutes } from './routes/judge/judge.routes.ts';
import { cartRoutes } from './routes/cart.routes.ts';
import { contestsRoutes } from './routes/contests.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { contactRoutes } from './routes/contact.routes.ts';
import { devIdpRoutes } from './routes/dev-idp.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { crawlersRoutes } from './routes/crawlers.routes.ts';
import { localesRoutes } from './routes/locales.routes.ts';
import { metaRoutes } from './routes/meta.routes.ts';
import { picturesRoutes } from './routes/pictures.routes.ts';
import { practiceRoutes } from './routes/practice.routes.ts';
import { invoicesRoutes } from './routes/invoices.routes.ts';
import { supplyStateRoutes } from './routes/supply-state.routes.ts';
import { paymentsRoutes } from './routes/payments.routes.ts';
import { promoRoutes } from './routes/promo.routes.ts';
import { sandboxGatewayRoutes } from './routes/sandbox-gateway.routes.ts';
import { pressRoutes } from './routes/press.routes.ts';
import { socialRoutes } from './routes/social.routes.ts';
import { claimsRoutes } from './routes/claims.routes.ts';
import { resultsRoutes } from './routes/results.routes.ts';
import { locationRoutes } from './routes/location.routes.ts';
import { siteRoutes } from './routes/site.routes.ts';
import { pushRoutes } from './routes/push.routes.ts';
import { verificationRoutes } from './routes/verification.routes.ts';
import { createPushSender, loadOrCreateVapidKeys, type PushSender } from './integrations/web-push.ts';
import { BRAND } from '../domain/brand.ts';
import { loadOrCreateSecret } from './secret.ts';
import { createPictureStore, type PictureStore } from './storage/picture-store.ts';
import { createPasswordHasher, type PasswordHasher } from './services/accounts/password.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    secret: string;
    /** Where picture files are written and read from (disk or database, PICTURE_STORAGE). */
    pictures: PictureStore;
    /** Web Push with the site's VAPID keys (DATA_DIR/vapid.json). */
    push: PushSender;
    passwords: PasswordHasher;
    messages: MessageSender;
    /**
     * Runs `work` after the current answer has gone (the next turn of the event loop), logging a
     * failure instead of failing the request. idleAfterAnswer() resolves when all such work is
     * done: close waits for it, and so can a test.
     */
    afterAnswer(work: () => Promise<unknown>, failureMessage: string): void;
    idleAfterAnswer(): Promise<void>;
  }
}

export interface BuildOptions {
  /** Request logging; off in tests. */
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reads them). */
  logStream?: Writable;
}

/** Builds the whole server: database (migrated), plugins, then routes. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // One line per request of our own (plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Only the configured proxies may say who the client is: X-Forwarded-For from anyone else is
    // ignored, so rate limits keyed by address cannot be dodged by sending that header.
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    connectionTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: { maxHeaderSize: config.http.maxHeaderBytes, connectionsCheckingInterval: config.http.checkIntervalMs },
    genReqId: () => crypto.randomUUID(),
  });
  // Slow clients (one header byte every few seconds) are cut once the headers are late.
  app.server.headersTimeout = config.http.headersTimeoutMs;
  // At most so many connections per address and in all (issue 27, finding 9).
  capConnections(
    app.server,
    {
      total: config.http.maxConnections,
      perAddress: config.http.maxConnectionsPerAddress,
      trustedProxies: config.trustedProxies,
    },
    app.log,
  );
  // With a short checking interval Node stops timing out connections that never send a byte
  // (measured on Node 24: held until the client left), so those get a timer of their own.
  app.server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => socket.destroy(), config.http.headersTimeoutMs);
    silent.unref();
    socket.once('data', () => clearTimeout(silent));
    socket.once('close', () => clearTimeout(silent));
  });

  // DATA_DIR and what is in it are the server's alone, on either database (issue 27, finding 7).
  const tightened = secureDataDir(config.dataDir, config.uploadsDir);
  const uploads = tightened.filter((t) => t.path.startsWith(config.uploadsDir));
  for (const fixed of tightened.filter((t) => !uploads.includes(t)))
    app.log.warn(fixed, `${fixed.path} was open to others (${fixed.from}); now ${fixed.to}`);
  if (uploads.length)
    app.log.warn(
      { count: uploads.length },
      `${uploads.length} upload folders and files were open to others; now 0700 and 0600`,
    );

  const { db, dialect } = openDatabase({
    ...config,
    onIdleClientError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool will reconnect'),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('secret', loadOrCreateSecret(config.dataDir));
  app.decorate('push', createPushSender(loadOrCreateVapidKeys(config.dataDir), `mailto:${BRAND.supportEmail}`));
  app.decorate('pictures', createPictureStore(config.pictureStorage, { db, uploadsDir: config.uploadsDir }));
  app.decorate('consoleRoutes', []);
  app.decorate('draining', false);
  app.addHook('onClose', async () => {
    await db.destroy();
    app.log.info('shutdown: database closed');
  });

  try {
    const applied = await migrateToLatest(db);
    if (applied.length) app.log.info({ applied, dialect }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }

  useZodSchemas(app);
  registerErrorHandler(app);
  requestLog(app);
  // The counting context of every request, before anything a request runs (plugins/metrics.ts).
  metricsPlugin(app);
  // Before any route: the OpenAPI document sees routes as they are registered.
  await openApi(app);
  refuseNulText(app);
  // Called on the root instance (not registered) so they apply to every route.
  // JSON and HTML answers compressed on the fly (fast brotli or gzip, over 1 KB); files the build
  // compressed already are sent as they are (static-site.ts), and pictures are left alone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await securityHeaders(app);
  await rateLimits(app);
  await sessions(app);
  app.decorate('passwords', createPasswordHasher());
  app.decorate('messages', createMessageSenders(app));

  const deferred = new Set<Promise<unknown>>();
  app.decorate('afterAnswer', (work: () => Promise<unknown>, failureMessage: string) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, failureMessage))
      .finally(() => deferred.delete(task));
    deferred.add(task);
  });
  app.decorate('idleAfterAnswer', async () => {
    while (deferred.size) await Promise.all([...deferred]);
  });
  app.addHook('preClose', async () => {
    await app.idleAfterAnswer();
  });

  app.decorate(
    'payments',
    selectGateway(config.payments, db, app.secret, () => app.clock.now()),
  );

  await app.register(healthRoutes);
  await app.register(crawlersRoutes);
  await app.register(metaRoutes);
  await app.register(localesRoutes);
  // The development identity provider (404 in production), at /dev-idp/*.
  await app.register(devIdpRoutes);
  // The embedded sandbox gateway's hosted page, only when it is the gateway (never by default in production).
  if (app.payments?.name === 'sandbox') await app.register(sandboxGatewayRoutes);
  await app.register(
    async (api) => {
      // The API speaks JSON only; anything else is a 415, not a confusing validation error.
      api.removeContentTypeParser('text/plain');
      await api.register(contactRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(socialRoutes);
      await api.register(pressRoutes);
      await api.register(picturesRoutes);
      await api.register(practiceRoutes);
      await api.register(contestsRoutes);
      await api.register(siteRoutes);
      await api.register(locationRoutes);
      await api.register(pushRoutes);
      await api.register(cartRoutes);
      await api.register(promoRoutes);
      await api.register(paymentsRoutes);
      await api.register(invoicesRoutes);
      await api.register(supplyStateRoutes);
      await api.register(resultsRoutes);
      await api.register(verificationRoutes);
      await api.register(claimsRoutes);
      // The operator console: every route inside checks its role (server/routes/console.ts).
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(judgeRoutes, { prefix: '/judge' });
    },
    { prefix: '/api/v1' },
  );
  await staticSite(app);

  return app;
}
