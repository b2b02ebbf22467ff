import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, keysetPage, newestFirst } from '../../server/db/paging.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describe('keyset cursors', () => {
  it('are base64url "time:id", as the lists have always sent them', () => {
    const id = '3f1c2a9e-4b7d-4e21-9a0b-5c6d7e8f9a0b';
    expect(encodeCursor(1_764_000_000_000, id)).toBe(Buffer.from(`1764000000000:${id}`).toString('base64url'));
    expect(decodeCursor(encodeCursor(1_764_000_000_000, id))).toEqual([1_764_000_000_000, id]);
  });

  it('keep an id with a colon whole', () => {
    expect(decodeCursor(encodeCursor(5, 'a:b'))).toEqual([5, 'a:b']);
  });

  it('read a cursor that names nothing as time 0, never as an error', () => {
    expect(decodeCursor('')).toEqual([0, '']);
    expect(decodeCursor('not a cursor')).toEqual([0, expect.any(String)]);
    expect(decodeCursor(Buffer.from('12.5:x').toString('base64url'))).toEqual([0, 'x']);
    expect(decodeCursor(Buffer.from('99999999999999999999:x').toString('base64url'))).toEqual([0, 'x']);
    expect(decodeCursor(Buffer.from('42').toString('base64url'))).toEqual([42, '']);
  });

  it('keysetPage keeps the page and names the next one only when more rows came back', () => {
    const rows = [
      { at: 3, id: 'c' },
      { at: 2, id: 'b' },
      { at: 1, id: 'a' },
    ];
    const key = (row: { at: number; id: string }) => [row.at, row.id] as const;
    expect(keysetPage(rows, 2, key)).toEqual({ page: rows.slice(0, 2), nextCursor: encodeCursor(2, 'b') });
    expect(keysetPage(rows, 3, key)).toEqual({ page: rows, nextCursor: null });
    expect(keysetPage([], 3, key)).toEqual({ page: [], nextCursor: null });
  });
});

describeOnEachDatabase('keyset paging', (server) => {
  it('pages newest first through equal times by id, each row once, while new rows arrive', async () => {
    const { db } = server.app;
    const run = crypto.randomUUID().slice(0, 8);
    const action = `paging.test.${run}`;
    const row = (id: string, createdAt: number) => ({
      id,
      actor_id: null,
      actor_name: 'system',
      action,
      target_type: 'test',
      target_id: null,
      summary: id,
      before_json: null,
      after_json: null,
      ip: null,
      created_at: createdAt,
    });
    // Five rows at three times, two of them with three rows at one time.
    const times: [string, number][] = [
      ['e', 300],
      ['d', 200],
      ['c', 200],
      ['b', 200],
      ['a', 100],
    ];
    await db
      .insertInto('audit_log')
      .values(times.map(([id, at]) => row(`${run}-${id}`, at)))
      .execute();

    const readPage = async (cursor: string | undefined) => {
      const query = db.selectFrom('audit_log').select(['id', 'created_at']).where('action', '=', action);
      const rows = await newestFirst(query, 'created_at', 'id', { cursor, limit: 2 }).execute();
      return keysetPage(rows, 2, (r) => [Number(r.created_at), r.id]);
    };

    const first = await readPage(undefined);
    expect(first.page.map((r) => r.id)).toEqual([`${run}-e`, `${run}-d`]);
    // A newer row arrives between pages: the next pages do not shift.
    await db
      .insertInto('audit_log')
      .values(row(`${run}-f`, 400))
      .execute();
    const second = await readPage(first.nextCursor!);
    expect(second.page.map((r) => r.id)).toEqual([`${run}-c`, `${run}-b`]);
    const third = await readPage(second.nextCursor!);
    expect(third.page.map((r) => r.id)).toEqual([`${run}-a`]);
    expect(third.nextCursor).toBeNull();
  });
});
