// Issue 10, many instances: rate-limit counters shared through Redis (REDIS_URL), scheduled jobs
// run by one instance at a time (PostgreSQL advisory locks).
import { describe, expect, it } from 'vitest';
import { jobLockKey, withJobLock } from '../../server/services/site/job-lock.ts';
import { loadConfig } from '../../server/config.ts';
import { post } from '../support/accounts.ts';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits across instances (Redis)', () => {
  // Two instances, one Redis: a client switching between them still meets one limit.
  const namespace = `t${crypto.randomUUID().slice(0, 8)}`;
  const a = startServer('sqlite', { env: { REDIS_URL: redisUrl! } });
  const b = startServer('sqlite', { env: { REDIS_URL: redisUrl! } });
  const contact = {
    subject: 'Question',
    email: 'ravi.kumar@gmail.com',
    phone: '9876543210',
    message: `Hello there (${namespace}).`,
  };

  it('counts a client once whichever instance answers', async () => {
    // Random, not freshIp(): the Redis counters outlive a test run.
    const ip = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post(i % 2 ? b : a, '/api/v1/contact', contact, { ip })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

it('reads REDIS_URL', () => {
  expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
  expect(loadConfig({}).redisUrl).toBeUndefined();
  expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL must be a Redis URL/);
});

describeOnEachDatabase('scheduled jobs run once across instances', (server) => {
  it('skips a run while another instance holds the job, runs once it is free', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      return 'done';
    };
    if (server.dialectName === 'postgres') {
      const { sql } = await import('kysely');
      const key = jobLockKey('drill').toString();
      // Another instance's connection holds the lock.
      await server.app.db.connection().execute(async (other) => {
        await sql`select pg_advisory_lock(${key}::bigint)`.execute(other);
        expect(await withJobLock(server.app.db, 'drill', job)).toEqual({ ran: false });
        await sql`select pg_advisory_unlock(${key}::bigint)`.execute(other);
      });
      expect(runs).toBe(0);
    }
    expect(await withJobLock(server.app.db, 'drill', job)).toEqual({ ran: true, result: 'done' });
    expect(runs).toBe(1);
    // Two at once on one database: exactly one runs on PostgreSQL.
    let release!: () => void;
    const slow = () => new Promise<string>((resolve) => (release = () => resolve('slow')));
    const first = withJobLock(server.app.db, 'drill', slow);
    await new Promise((r) => setTimeout(r, 50));
    const second = await withJobLock(server.app.db, 'drill', job);
    release();
    expect(await first).toEqual({ ran: true, result: 'slow' });
    if (server.dialectName === 'postgres') expect(second).toEqual({ ran: false });
  });
});
