import type { FastifyInstance } from 'fastify';
import type { JobOutcome, MetricFamilies } from '../metrics/families.ts';
import { countingInto, metrics } from '../metrics/scope.ts';
import { withJobLock } from '../services/site/job-lock.ts';

export interface IntervalJob<T> {
  /** A run now, unless one is still going (then that one): its result, or undefined when another instance ran it or it failed. */
  runOnce(): Promise<T | undefined>;
  /** No more runs; resolves once the run in progress (if any) has ended. */
  stop(): Promise<void>;
}

/**
 * A scheduled job: `run` every `intervalMs` on an unref'd timer, never two runs of it at once
 * here (a tick that finds a run going joins it) nor on two instances (server/services/site/job-lock.ts).
 * A failed run is logged and the next tick tries again. The first run is the caller's (`runOnce`).
 */
export function startIntervalJob<T>(
  app: Pick<FastifyInstance, 'db' | 'log'> & { metrics?: MetricFamilies },
  name: string,
  intervalMs: number,
  run: () => Promise<T>,
): IntervalJob<T> {
  let running: Promise<T | undefined> | undefined;
  let stopped = false;
  // What the run counts goes to its app's metrics (server/metrics/scope.ts), and so does the run.
  const families = app.metrics ?? metrics();
  const counted = (outcome: JobOutcome) => families.jobRuns.inc({ job: name, outcome });
  const runOnce = (): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    running ??= countingInto(families, () => withJobLock(app.db, name, run))
      .then((locked) => {
        counted(locked.ran ? 'ok' : 'skipped');
        return locked.ran ? locked.result : undefined;
      })
      .catch((error: unknown) => {
        counted('failed');
        app.log.error({ err: error }, `${name}: the run failed; the next one will try again`);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
