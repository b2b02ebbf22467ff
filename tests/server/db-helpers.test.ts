import { describe, expect, it, vi } from 'vitest';
import { isPostgres } from '../../server/db/dialect.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { startIntervalJob } from '../../server/jobs/interval-job.ts';
import { insertActiveUsers } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describeOnEachDatabase('database helpers', (server) => {
  it('isPostgres names the dialect', () => {
    expect(isPostgres(server.app.db)).toBe(server.dialectName === 'postgres');
  });

  it('isUniqueViolation: a primary key and a unique index say no; other refusals are not it', async () => {
    const { db } = server.app;
    const setting = { key: `test-${crypto.randomUUID()}`, value: 'x', updated_at: 1 };
    await db.insertInto('settings').values(setting).execute();
    const primaryKey = await failureOf(db.insertInto('settings').values(setting).execute());
    expect(primaryKey).toBeDefined();
    expect(isUniqueViolation(primaryKey)).toBe(true);

    const [user] = await insertActiveUsers(server, 1, Date.now());
    const taken = await db.selectFrom('users').selectAll().where('id', '=', user!.id).executeTakeFirstOrThrow();
    const uniqueIndex = await failureOf(
      db
        .insertInto('users')
        .values({ ...taken, id: crypto.randomUUID(), phone: '+919999999999' })
        .execute(),
    );
    expect(uniqueIndex).toBeDefined();
    expect(isUniqueViolation(uniqueIndex)).toBe(true);
    // Wrapped by our own code: the cause is followed.
    expect(isUniqueViolation(new Error('could not save', { cause: uniqueIndex }))).toBe(true);

    const notNull = await failureOf(
      db
        .insertInto('settings')
        .values({ key: `test-${crypto.randomUUID()}`, value: null as unknown as string, updated_at: 1 })
        .execute(),
    );
    expect(notNull).toBeDefined();
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });
});

describe('interval jobs', () => {
  const app = () => ({
    db: { getExecutor: () => ({ adapter: {} }) } as never,
    log: { error: vi.fn() } as never,
  });

  it('never overlaps a run, and stop waits for the running one', async () => {
    let release!: () => void;
    let runs = 0;
    let ended = false;
    const job = startIntervalJob(app(), 'test', 5, async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
      ended = true;
      return runs;
    });
    const first = job.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(1);
    const stopped = job.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopDone).toBe(false);
    release();
    await stopped;
    expect(ended).toBe(true);
    await expect(first).resolves.toBe(1);
    await expect(job.runOnce()).resolves.toBeUndefined();
    expect(runs).toBe(1);
  });

  it('logs a failed run and runs again on the next tick', async () => {
    const host = app();
    let runs = 0;
    const job = startIntervalJob(host, 'flaky', 5, () => {
      runs += 1;
      return runs === 1 ? Promise.reject(new Error('down')) : Promise.resolve(runs);
    });
    await expect(job.runOnce()).resolves.toBeUndefined();
    expect((host.log as unknown as { error: ReturnType<typeof vi.fn> }).error).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(runs).toBeGreaterThan(1));
    await job.stop();
  });
});
