import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEMO_SEED_VERSION, seedDemoData } from '../../scripts/demo/seed.ts';
import { DEMO_CONTEST_BALL_KEY, DEMO_CONTEST_PICTURE_KEY, DEMO_SEED_KEY } from '../../server/db/meta-keys.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

// Small pictures keep the suite fast; the server seeds at 2400 x 1600.
const SIZE = { width: 480, height: 320 };

const pictureDirs = (server: ServerHarness) => {
  try {
    return readdirSync(path.join(server.config.uploadsDir, 'pictures'));
  } catch {
    return [];
  }
};

async function meta(server: ServerHarness, key: string) {
  return (await server.app.db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

describeOnEachDatabase('demo seed', (server) => {
  it('seeds six active practice pairs and a demo contest picture, once', async () => {
    const first = await seedDemoData(server.app.db, { pictures: server.app.pictures }, SIZE);
    expect(first).toMatchObject({ seeded: true, pairs: 6, contestPictureId: expect.any(String) });
    expect(await meta(server, DEMO_SEED_KEY)).toBe(DEMO_SEED_VERSION);
    expect(await meta(server, DEMO_CONTEST_PICTURE_KEY)).toBe(first.contestPictureId);

    const pairs = await server.app.db
      .selectFrom('practice_pairs')
      .innerJoin('pictures as removed', 'removed.id', 'practice_pairs.removed_picture_id')
      .innerJoin('pictures as original', 'original.id', 'practice_pairs.original_picture_id')
      .select([
        'practice_pairs.ball_x',
        'practice_pairs.ball_y',
        'practice_pairs.ball_width',
        'practice_pairs.is_active',
        'practice_pairs.sort_order',
        'removed.kind as removedKind',
        'removed.width',
        'removed.height',
        'original.kind as originalKind',
      ])
      .orderBy('practice_pairs.sort_order')
      .execute();
    expect(pairs).toHaveLength(6);
    for (const pair of pairs) {
      expect(pair).toMatchObject({
        is_active: 1,
        removedKind: 'practice_removed',
        originalKind: 'practice_original',
        width: SIZE.width,
        height: SIZE.height,
      });
      expect(pair.ball_x).toBeGreaterThan(0);
      expect(pair.ball_x).toBeLessThan(pair.width);
      expect(pair.ball_y).toBeGreaterThan(0);
      expect(pair.ball_y).toBeLessThan(pair.height);
      // The drawn ball's true width, so the reveal can tell distances in ball widths.
      expect(pair.ball_width).toBeGreaterThan(0);
      expect(pair.ball_width).toBeLessThan(pair.width / 4);
    }
    expect(new Set(pairs.map((p) => p.sort_order)).size).toBe(6);

    const contest = await server.app.db
      .selectFrom('pictures')
      .selectAll()
      .where('id', '=', first.contestPictureId!)
      .executeTakeFirstOrThrow();
    expect(contest).toMatchObject({ kind: 'contest', width: SIZE.width, height: SIZE.height, mime: 'image/jpeg' });
    const ball = JSON.parse((await meta(server, DEMO_CONTEST_BALL_KEY))!);
    expect(ball.x).toBeGreaterThan(0);
    expect(ball.x).toBeLessThan(SIZE.width);
    expect(ball.y).toBeGreaterThan(0);
    expect(ball.y).toBeLessThan(SIZE.height);
    expect(pictureDirs(server)).toHaveLength(13);

    const second = await seedDemoData(server.app.db, { pictures: server.app.pictures }, SIZE);
    expect(second).toMatchObject({ seeded: false, pairs: 0, contestPictureId: null });
    const count = await server.app.db
      .selectFrom('practice_pairs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
    expect(pictureDirs(server)).toHaveLength(13);
  });

  it('makes a playable practice game: the next pair, and a ticket on the ball scores 0', async () => {
    const next = await server.app.inject('/api/v1/practice/pairs/next');
    expect(next.statusCode).toBe(200);
    const { pairId, picture } = next.json().data;
    expect(picture).toMatchObject({ width: SIZE.width, height: SIZE.height });
    const row = await server.app.db
      .selectFrom('practice_pairs')
      .selectAll()
      .where('id', '=', pairId)
      .executeTakeFirstOrThrow();
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/practice/pairs/${pairId}/submit`,
      payload: {
        tickets: [
          { x: row.ball_x, y: row.ball_y },
          { x: 0, y: 0 },
        ],
      },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ball: { x: row.ball_x, y: row.ball_y },
      bestIndex: 0,
      ballWidth: row.ball_width,
    });
    expect(res.json().data.distances[0]).toBe(0);
    for (const variant of picture.variants) expect((await server.app.inject(variant.url)).statusCode).toBe(200);
  });
});

describeOnEachDatabase('demo seed from two processes at once', (server) => {
  it('seeds exactly once and leaves no stray files', async () => {
    const results = await Promise.all([
      seedDemoData(server.app.db, { pictures: server.app.pictures }, SIZE),
      seedDemoData(server.app.db, { pictures: server.app.pictures }, SIZE),
    ]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const count = await server.app.db
      .selectFrom('practice_pairs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
    expect(pictureDirs(server)).toHaveLength(13);
  });
});
