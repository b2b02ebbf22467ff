import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { DAY_MS, type RetentionRun, runRetention } from '../services/site/retention.service.ts';

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the retention job now (awaited, logged) and then every hour; it stops when the app
 * closes. Call before the app is ready (it adds an onClose hook). Each run is plain conditional
 * UPDATE/DELETE statements, so two instances doing it at once is fine.
 */
export async function startRetentionJob(
  app: FastifyInstance,
  intervalMs = RETENTION_INTERVAL_MS,
): Promise<RetentionRun | undefined> {
  const job = startIntervalJob(app, 'retention', intervalMs, async () => {
    const result = await runRetention(app.db, {
      store: app.pictures,
      now: app.clock.now(),
      retentionMs: app.config.accountRetentionDays * DAY_MS,
    });
    const level = result.erased > 0 ? 'info' : 'debug';
    app.log[level](
      { ...result, retentionDays: app.config.accountRetentionDays },
      `retention: ${result.erased} deleted account(s) erased`,
    );
    return result;
  });
  app.addHook('onClose', () => job.stop());
  return job.runOnce();
}
