import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/**
 * The rate-limit counters' store when REDIS_URL is set (issue 27, finding 3): Redis, shared by
 * every instance, behind a breaker. A Redis error (down, or slower than the command timeout)
 * opens the breaker: for BREAKER_OPEN_MS every limit is counted in this instance's memory
 * instead (the same limits, per instance), and the outage is logged once. Then one request tries
 * Redis again; when it answers, the limits are shared again (logged once too).
 */
export const BREAKER_OPEN_MS = 10_000;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** The store contract of @fastify/rate-limit 11 (incr, read, child: the plugin passes the route's options). */
export interface LimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): LimitStore;
}

type StoreClass = new (...args: unknown[]) => LimitStore;
const require = createRequire(import.meta.url);
// The plugin's own stores (CommonJS, not in its exports' types), so the counting stays the plugin's.
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreClass;

export interface BreakerLog {
  warn(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/** Shared by a store and all its children: one outage, one log line. */
export class RedisBreaker {
  private openUntil = 0;
  private outage = false;
  /** How many outages began, and how many requests were counted locally meanwhile (bench, tests). */
  readonly stats = { outages: 0, localCounts: 0 };

  private readonly log: BreakerLog;
  private readonly now: () => number;

  constructor(log: BreakerLog, now: () => number = Date.now) {
    this.log = log;
    this.now = now;
  }

  /** False while the breaker is open: count in memory without asking Redis. */
  shouldTry(): boolean {
    return this.now() >= this.openUntil;
  }

  failed(error: Error): void {
    this.openUntil = this.now() + BREAKER_OPEN_MS;
    if (this.outage) return;
    this.outage = true;
    this.stats.outages += 1;
    this.log.warn(
      { err: error, retryInMs: BREAKER_OPEN_MS },
      'rate limits: Redis is not answering; counting in this instance until it is back',
    );
  }

  succeeded(): void {
    if (!this.outage) return;
    this.outage = false;
    this.log.info({}, 'rate limits: Redis answers again; limits are shared again');
  }

  get inOutage(): boolean {
    return this.outage;
  }
}

/** A @fastify/rate-limit store class (the plugin calls `new Store(globalParams)`). */
export function breakerStore(redis: Redis, nameSpace: string, breaker: RedisBreaker) {
  return class BreakerStore implements LimitStore {
    private readonly shared: LimitStore;
    private readonly local: LimitStore;

    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean } = {},
      parents?: [LimitStore, LimitStore],
    ) {
      this.shared =
        parents?.[0] ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local = parents?.[1] ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.count('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.count('read', key, cb, timeWindow, max);
    }

    child(routeOptions: object): LimitStore {
      return new BreakerStore({}, [this.shared.child(routeOptions), this.local.child(routeOptions)]);
    }

    private count(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      if (!breaker.shouldTry()) {
        breaker.stats.localCounts += 1;
        this.local[method](key, cb, timeWindow, max);
        return;
      }
      this.shared[method](
        key,
        (error, result) => {
          if (!error) {
            breaker.succeeded();
            cb(null, result);
            return;
          }
          breaker.failed(error);
          breaker.stats.localCounts += 1;
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
  };
}
