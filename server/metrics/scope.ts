import { AsyncLocalStorage } from 'node:async_hooks';
import { createMetricFamilies, type MetricFamilies } from './families.ts';

/**
 * Which app's metrics the current work counts into. Services take `db` or `trx`, not the app, so
 * the app enters its metrics around each request (server/plugins/metrics.ts) and each job run
 * (server/jobs/interval-job.ts); a service counts with one line, `metrics().ticketsConfirmed.inc(n)`.
 * Several apps in one process (tests) each count into their own registry. Work outside any app
 * (a CLI, a bench calling a service directly) counts into a registry that nobody reads.
 */
const current = new AsyncLocalStorage<MetricFamilies>();
let detached: MetricFamilies | undefined;

export function metrics(): MetricFamilies {
  return current.getStore() ?? (detached ??= createMetricFamilies());
}

/** Runs `work` (and everything it starts) counting into `families`. */
export function countingInto<T>(families: MetricFamilies, work: () => T): T {
  return current.run(families, work);
}
