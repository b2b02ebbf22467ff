import type { FastifyInstance } from 'fastify';
import { withJobLock } from '../services/job-lock.ts';
import { DAY_MS, type RetentionRun, runRetention } from '../services/retention.service.ts';

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the retention job now (awaited, logged) and then every hour on an unref'd timer that
 * stops when the app closes. Call before the app is ready (it adds an onClose hook). Each run
 * is plain conditional UPDATE/DELETE statements, so two instances doing it at once is fine.
 */
export async function startRetentionJob(
  app: FastifyInstance,
  intervalMs = RETENTION_INTERVAL_MS,
): Promise<RetentionRun | undefined> {
  let running: Promise<RetentionRun | undefined> | undefined;
  const runOnce = (): Promise<RetentionRun | undefined> => {
    // A run still going (a slow database) is not doubled.
    running ??= withJobLock(app.db, 'retention', () =>
      runRetention(app.db, {
        store: app.pictures,
        now: app.clock.now(),
        retentionMs: app.config.accountRetentionDays * DAY_MS,
      }),
    )
      .then((run) => {
        if (!run.ran) return undefined;
        const result = run.result;
        const level = result.erased > 0 ? 'info' : 'debug';
        app.log[level](
          { ...result, retentionDays: app.config.accountRetentionDays },
          `retention: ${result.erased} deleted account(s) erased`,
        );
        return result;
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'retention: the run failed; the next one will try again');
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return runOnce();
}
