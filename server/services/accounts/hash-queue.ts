import { AppError } from '../../errors.ts';

export const HASHING_BUSY_MESSAGE = 'Too many people are signing in at this moment. Please try again in a few seconds.';
export const hashingBusy = () => new AppError(503, 'BUSY', HASHING_BUSY_MESSAGE);

export interface FairQueueOptions {
  /** Hashes at once, over all addresses (each takes 128 MB at the production cost). */
  concurrency: number;
  /** Waiting hashes over all addresses; past it the most demanding address's last one gives way. */
  maxWaiting: number;
  /** Waiting hashes of one address (one more may run); past it that address gets 503 at once. */
  perAddressWaiting: number;
  /** A hash that has waited this long gives up with 503 (a flood does not hold connections for minutes). */
  maxWaitMs?: number;
  /** How fast an address's past use is forgotten. */
  halfLifeMs?: number;
  now?: () => number;
}

interface Job {
  start: () => void;
  refuse: (error: Error) => void;
  arrived: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Password hashing queued fairly per client address (issue 27, finding 8): one hash at a time
 * per address, `concurrency` in all, and when a slot frees the waiting address that has asked
 * for the least hashing lately (a decaying count of its asks) goes next. A flood from many addresses keeps each of
 * them busy with its own line, while a real login from an address that has not been hashing
 * waits for at most the hashes already running. A full line makes room for a newcomer by
 * refusing the waiting hash of the address that has used the most.
 */
export function fairQueue(options: FairQueueOptions) {
  const halfLifeMs = options.halfLifeMs ?? 60_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const now = options.now ?? Date.now;
  const lines = new Map<string, Job[]>();
  const runningKeys = new Set<string>();
  const usage = new Map<string, { score: number; at: number }>();
  let running = 0;
  let waiting = 0;
  let order = 0;

  const usedBy = (key: string, at = now()): number => {
    const u = usage.get(key);
    return u ? u.score * 2 ** (-(at - u.at) / halfLifeMs) : 0;
  };
  const charge = (key: string) => {
    const at = now();
    usage.set(key, { score: usedBy(key, at) + 1, at });
    // Forget addresses whose use has faded, so the map stays small.
    if (usage.size > 10_000)
      for (const [k, u] of usage) if (u.score * 2 ** (-(at - u.at) / halfLifeMs) < 0.01) usage.delete(k);
  };

  function pump(): void {
    while (running < options.concurrency) {
      let best: string | undefined;
      let bestUse = Infinity;
      let bestArrived = Infinity;
      for (const [key, line] of lines) {
        if (runningKeys.has(key)) continue;
        const use = usedBy(key);
        const arrived = line[0]!.arrived;
        if (use < bestUse || (use === bestUse && arrived < bestArrived)) {
          best = key;
          bestUse = use;
          bestArrived = arrived;
        }
      }
      if (best === undefined) return;
      const line = lines.get(best)!;
      const job = line.shift()!;
      if (line.length === 0) lines.delete(best);
      clearTimeout(job.timer);
      waiting -= 1;
      running += 1;
      runningKeys.add(best);
      job.start();
    }
  }

  /** Makes room for `key` by refusing the newest waiting job of the most demanding other address. */
  function evictFor(key: string): boolean {
    const mine = usedBy(key);
    let victim: string | undefined;
    let most = mine;
    for (const [other, line] of lines) {
      if (other === key || line.length === 0) continue;
      const use = usedBy(other);
      if (use > most) {
        victim = other;
        most = use;
      }
    }
    if (victim === undefined) return false;
    const line = lines.get(victim)!;
    const job = line.pop()!;
    if (line.length === 0) lines.delete(victim);
    clearTimeout(job.timer);
    waiting -= 1;
    job.refuse(hashingBusy());
    return true;
  }

  /** A job that waited too long leaves its line. */
  function expire(key: string, job: Job): void {
    const line = lines.get(key);
    const at = line?.indexOf(job) ?? -1;
    if (!line || at < 0) return;
    line.splice(at, 1);
    if (line.length === 0) lines.delete(key);
    waiting -= 1;
    job.refuse(hashingBusy());
  }

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      // Every ask counts, answered or refused: an address that keeps asking comes after one that
      // asks once, even before either has been served (a flood's first seconds).
      charge(key);
      const line = lines.get(key);
      if ((line?.length ?? 0) >= options.perAddressWaiting) return Promise.reject(hashingBusy());
      if (waiting >= options.maxWaiting && !evictFor(key)) return Promise.reject(hashingBusy());
      return new Promise<T>((resolve, reject) => {
        const job: Job = {
          arrived: order++,
          refuse: reject,
          start: () => {
            task()
              .then(resolve, reject)
              .finally(() => {
                running -= 1;
                runningKeys.delete(key);
                pump();
              });
          },
        };
        const queue = lines.get(key) ?? [];
        queue.push(job);
        lines.set(key, queue);
        waiting += 1;
        job.timer = setTimeout(() => expire(key, job), maxWaitMs);
        job.timer.unref?.();
        pump();
      });
    },
    /** What is queued now (tests, logs). */
    get state() {
      return { running, waiting, addresses: lines.size };
    },
  };
}

export type FairQueue = ReturnType<typeof fairQueue>;
