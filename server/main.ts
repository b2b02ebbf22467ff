import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DEMO_RESULTS_KEY, DEMO_SEED_KEY } from './db/meta-keys.ts';
import { shutDownGracefully } from './plugins/graceful-shutdown.ts';
import { startJobs } from './plugins/jobs.ts';
import { listenForMetrics } from './plugins/metrics.ts';
import { seedDemoPromo } from './services/cart/promo.service.ts';
import { paidPlayState } from './services/contests/settings.service.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const app = await buildApp(config).catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // The drain has its own limit; this one catches a job or a database that never lets go.
  const force = setTimeout(
    () => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    },
    config.shutdown.unreadyMs + config.shutdown.drainMs + 15_000,
  );
  force.unref();
  try {
    await shutDownGracefully(app, config.shutdown);
    app.log.info('shutdown: done');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Demo pictures for a fresh install (and, outside production, two past published contests with
// demo players and winners): seconds the first time, one query afterwards. Here and not in
// buildApp, so that tests stay fast. The drawing and image work runs in a child process
// (scripts/seed-demo.ts, the same code as `npm run db:seed`), so the few hundred MB it takes are
// given back when it ends instead of staying with the server. A failure is logged, not fatal.
const seeded = (
  await app.db.selectFrom('app_meta').select('key').where('key', 'in', [DEMO_SEED_KEY, DEMO_RESULTS_KEY]).execute()
).map((row) => row.key);
if (!seeded.includes(DEMO_SEED_KEY) || (!config.isProduction && !seeded.includes(DEMO_RESULTS_KEY))) {
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'scripts', 'seed-demo.ts')], {
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(null));
    child.on('exit', (exitCode) => resolve(exitCode));
  });
  if (code === 0) app.log.info({ ms: Date.now() - started }, 'demo data seeded');
  else app.log.error({ code }, 'demo data could not be seeded; the site works without it');
}
// The demo promo code WELCOME10, outside production only.
if (await seedDemoPromo(app.db, config.isProduction, Date.now()).catch(() => false))
  app.log.info('demo promo code WELCOME10 created');

// Retention, contests, reservations, notices, seals and payments: each now, then on its timer
// (after the seed, which gives the first contests their demo picture).
await startJobs(app);

// Prometheus metrics on their own listener, never the site's port (METRICS_HOST:METRICS_PORT).
if (config.metrics) {
  const { host, port } = config.metrics;
  try {
    const metricsServer = await listenForMetrics(app, host, port);
    app.addHook('onClose', () => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
    app.log.info(`metrics at http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`);
  } catch (error) {
    // Production must be watched: it does not start blind. Elsewhere (several development
    // servers on one machine) the site runs without metrics.
    app.log[config.isProduction ? 'error' : 'warn'](
      { err: error },
      `metrics: could not listen on ${host}:${port} (set METRICS_PORT to a free port, or 'off')`,
    );
    if (config.isProduction) process.exit(1);
  }
}

// Whether the site takes money, and who decided it (issue 26): production starts with paid play off.
const paidPlay = await paidPlayState(app.db, config.paidPlayDefault);
const decidedBy =
  paidPlay.source === 'console'
    ? "the console's Paid play switch"
    : process.env.PAID_PLAY
      ? `PAID_PLAY=${process.env.PAID_PLAY}`
      : `PAID_PLAY unset, the ${config.nodeEnv} default`;
app.log.info(
  { paidPlay: paidPlay.enabled ? 'on' : 'off', decidedBy },
  paidPlay.enabled
    ? `paid play: on (${decidedBy}): paid contests take payment`
    : `paid play: off (${decidedBy}; the Promotion and Regulation of Online Gaming Act, 2025 bans online money games): every contest is free to enter. PAID_PLAY=on or the console's Paid play page turns it on`,
);

// Loud, so that nobody runs these by accident (server/config.ts refuses them without the opt-in).
if (config.devOnNetwork) {
  app.log.warn(
    { host: config.host },
    `UNSAFE_DEV_ON_NETWORK=yes: the ${config.nodeEnv} server listens beyond this machine. The demo conveniences (outbox of login codes, development Google sign-in, sandbox payments) still answer only to this machine, but nothing else here is production-grade`,
  );
}
if (config.sandboxInProduction) {
  app.log.warn(
    'UNSAFE_SANDBOX_IN_PRODUCTION=yes: tickets are confirmed by the SANDBOX gateway, with no real money. Never run a public site like this',
  );
}
if (config.isProduction && !process.env.PUBLIC_URL) {
  app.log.warn(
    { publicUrl: config.publicUrl },
    `PUBLIC_URL is not set, so the site's address is taken to be ${config.publicUrl}: browsers that open it under any other address (127.0.0.1, a domain name) are refused on every form. Set PUBLIC_URL to the address players use`,
  );
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`CricSpot is running at ${config.publicUrl} (${app.dialect}, ${config.nodeEnv})`);
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  process.exit(1);
}
