import { rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import { type StoredPicture } from '../../server/services/pictures/shared.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const WIDTH = 1600;
const HEIGHT = 1000;

interface Pair {
  id: string;
  removed: StoredPicture;
  original: StoredPicture;
  ball: { x: number; y: number };
}

async function addPair(
  server: ServerHarness,
  options: { sortOrder: number; ball?: { x: number; y: number }; ballWidth?: number; isActive?: number; id?: string },
): Promise<Pair> {
  const jpeg = (colour: string) =>
    sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const removed = await storePicture(server.app.db, server.app.pictures, await jpeg('#2e7d32'), 'practice_removed');
  const original = await storePicture(server.app.db, server.app.pictures, await jpeg('#388e3c'), 'practice_original');
  const ball = options.ball ?? { x: 800, y: 500 };
  const id = options.id ?? crypto.randomUUID();
  await server.app.db
    .insertInto('practice_pairs')
    .values({
      id,
      removed_picture_id: removed.id,
      original_picture_id: original.id,
      ball_x: ball.x,
      ball_y: ball.y,
      ball_width: options.ballWidth ?? null,
      is_active: options.isActive ?? 1,
      sort_order: options.sortOrder,
      created_at: Date.now(),
    })
    .execute();
  return { id, removed, original, ball };
}

const next = (server: ServerHarness, after?: string) =>
  server.app.inject(`/api/v1/practice/pairs/next${after ? `?after=${after}` : ''}`);
const submit = (server: ServerHarness, pairId: string, tickets: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/practice/pairs/${pairId}/submit`,
    payload: { tickets },
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });

describeOnEachDatabase('practice game without pairs', (server) => {
  it("answers 'No image pairs available' when there is no active pair", async () => {
    const res = await next(server);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No image pairs available', code: 'NO_IMAGE_PAIRS' });
    await addPair(server, { sortOrder: 1, isActive: 0 });
    expect((await next(server)).json()).toEqual({ message: 'No image pairs available', code: 'NO_IMAGE_PAIRS' });
    const firstPicture = await server.app.inject('/api/v1/practice/pairs/first/picture');
    expect(firstPicture.statusCode).toBe(404);
    expect(firstPicture.json().code).toBe('NO_IMAGE_PAIRS');
  });

  it("answers a submit for an unknown pair with 'No image pairs available'", async () => {
    const res = await submit(server, crypto.randomUUID(), [{ x: 1, y: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No image pairs available', code: 'NO_IMAGE_PAIRS' });
  });
});

describeOnEachDatabase('practice game', (server) => {
  let pairs: Pair[];
  let inactive: Pair;

  beforeAll(async () => {
    // Inserted out of order; play order is sort_order, then id on a tie.
    const c = await addPair(server, { sortOrder: 30, ball: { x: 1200, y: 300 } });
    const a = await addPair(server, { sortOrder: 10, ball: { x: 100, y: 900 }, ballWidth: 24 });
    inactive = await addPair(server, { sortOrder: 20, isActive: 0 });
    const b2 = await addPair(server, { sortOrder: 25, id: 'ffffffff-0000-4000-8000-000000000000' });
    const b1 = await addPair(server, { sortOrder: 25, id: '00000000-0000-4000-8000-000000000000' });
    pairs = [a, b1, b2, c];
  });

  it('gives the active pairs in play order after the one given, wrapping round', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    for (let i = 0; i < 6; i += 1) {
      const res = await next(server, after);
      expect(res.statusCode).toBe(200);
      after = res.json().data.pairId;
      ids.push(after!);
    }
    const order = pairs.map((p) => p.id);
    expect(ids).toEqual([...order, ...order.slice(0, 2)]);
    // An inactive pair keeps its place; an unknown one starts from the first.
    expect((await next(server, inactive.id)).json().data.pairId).toBe(pairs[1]!.id);
    expect((await next(server, crypto.randomUUID())).json().data.pairId).toBe(pairs[0]!.id);
  });

  it('describes the ball-removed picture in original pixels with its display copies, and nothing more', async () => {
    const res = await next(server);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const first = pairs[0]!;
    expect(body).toEqual({
      data: {
        pairId: first.id,
        picture: {
          width: WIDTH,
          height: HEIGHT,
          variants: [
            { name: 'small', url: `/api/v1/pictures/${first.removed.id}/small`, width: 1280, height: 800 },
            { name: 'large', url: `/api/v1/pictures/${first.removed.id}/large`, width: WIDTH, height: HEIGHT },
          ],
        },
      },
    });
    const text = res.body;
    expect(text).not.toMatch(/ball/i);
    expect(text).not.toContain(first.original.id);
    expect(text).not.toContain('reveal');
    for (const variant of body.data.picture.variants) {
      const picture = await server.app.inject(variant.url);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
    }
    // The practice screen preloads the first game's small picture: the same address the stage asks for.
    const firstPicture = await server.app.inject('/api/v1/practice/pairs/first/picture');
    expect(firstPicture.statusCode).toBe(302);
    expect(firstPicture.headers.location).toBe(`/api/v1/pictures/${first.removed.id}/small`);
    expect(firstPicture.headers['cache-control']).toBe('no-cache');
    const phone = await server.app.inject('/api/v1/practice/pairs/first/picture?w=800');
    expect(phone.statusCode).toBe(200);
    expect(phone.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(phone.rawPayload).metadata()).width).toBe(800);
    // The phone copy names the copy it is, the stage's own address for it (it takes these bytes):
    // the same bytes there, and named on a revalidation too.
    const own = `/api/v1/pictures/${first.removed.id}/small?w=800`;
    expect(phone.headers['content-location']).toBe(own);
    const there = await server.app.inject(own);
    expect(there.headers['content-location']).toBe(own);
    expect(there.rawPayload.equals(phone.rawPayload)).toBe(true);
    const again = await server.app.inject({
      url: '/api/v1/practice/pairs/first/picture?w=800',
      headers: { 'if-none-match': String(phone.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-location']).toBe(own);
  });

  it('answers a submit with the ball, each distance to 1 decimal, the best ticket, the ball width and the reveal picture', async () => {
    const pair = pairs[0]!; // ball at (100, 900)
    const tickets = [
      { x: 400, y: 500 }, // 500
      { x: 103, y: 904 }, // 5
      { x: 101, y: 901 }, // 1.414...
      { x: 0, y: 999 }, // 140.716...
    ];
    const res = await submit(server, pair.id, tickets);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        ball: { x: 100, y: 900 },
        distances: [500, 5, 1.4, 140.7],
        bestIndex: 2,
        ballWidth: 24,
        reveal: {
          width: WIDTH,
          height: HEIGHT,
          variants: [
            { name: 'small', url: `/api/v1/pictures/${pair.original.id}/small`, width: 1280, height: 800 },
            { name: 'large', url: `/api/v1/pictures/${pair.original.id}/large`, width: WIDTH, height: HEIGHT },
          ],
        },
      },
    });
  });

  it('gives a tie to the first ticket sent and accepts ten tickets', async () => {
    const pair = pairs[3]!; // ball at (1200, 300)
    const tickets = [
      { x: 1300, y: 300 },
      { x: 1200, y: 310 },
      { x: 1190, y: 300 },
      ...Array.from({ length: 7 }, (_, i) => ({ x: i, y: 0 })),
    ];
    const body = (await submit(server, pair.id, tickets)).json();
    expect(body.data.distances.slice(0, 3)).toEqual([100, 10, 10]);
    expect(body.data.distances).toHaveLength(10);
    expect(body.data.bestIndex).toBe(1);
    // A pair made before ball widths were asked for: distances stay in pixels.
    expect(body.data.ballWidth).toBeNull();
  });

  it('refuses broken answers with the messages of the game', async () => {
    const pairId = pairs[1]!.id;
    const cases: Array<[unknown, number, string, string]> = [
      [Array.from({ length: 11 }, (_, i) => ({ x: i, y: i })), 400, 'No More Tickets', 'NO_MORE_TICKETS'],
      [
        [
          { x: 5, y: 5 },
          { x: 6, y: 6 },
          { x: 5, y: 5 },
        ],
        400,
        'Duplicate Coordinates',
        'DUPLICATE_COORDINATES',
      ],
      [[], 400, 'Mark all tickets before submitting', 'UNMARKED_TICKETS'],
      [[{ x: WIDTH, y: 0 }], 400, 'Mark a point inside the picture', 'OUT_OF_BOUNDS'],
      [[{ x: 0, y: HEIGHT }], 400, 'Mark a point inside the picture', 'OUT_OF_BOUNDS'],
      [[{ x: -1, y: 10 }], 400, 'Mark a point inside the picture', 'OUT_OF_BOUNDS'],
      [[{ x: 10.5, y: 10 }], 400, 'Mark a point inside the picture', 'OUT_OF_BOUNDS'],
    ];
    for (const [tickets, status, message, code] of cases) {
      const res = await submit(server, pairId, tickets);
      expect(res.statusCode, message).toBe(status);
      expect(res.json(), message).toEqual({ message, code });
    }
    for (const payload of [{}, { tickets: 'x' }, { tickets: [{ x: '1', y: 2 }] }, { tickets: [{ x: 1 }] }]) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/v1/practice/pairs/${pairId}/submit`,
        payload,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it("answers 'No game image available' when the picture files are missing", async () => {
    const broken = await addPair(server, { sortOrder: 1 });
    rmSync(path.join(server.config.uploadsDir, broken.removed.variants.find((v) => v.name === 'large')!.path));
    const res = await next(server);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No game image available', code: 'NO_GAME_IMAGE' });

    rmSync(path.join(server.config.uploadsDir, broken.original.variants.find((v) => v.name === 'small')!.path));
    const answer = await submit(server, broken.id, [{ x: 1, y: 1 }]);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'No game image available', code: 'NO_GAME_IMAGE' });
    await server.app.db.updateTable('practice_pairs').set({ is_active: 0 }).where('id', '=', broken.id).execute();
  });
});

describeOnEachDatabase('practice submit rate limit', (server) => {
  it('allows 60 answers a minute from one address', async () => {
    const pair = await addPair(server, { sortOrder: 1 });
    for (let i = 0; i < 60; i += 1) expect((await submit(server, pair.id, [{ x: i, y: 1 }])).statusCode).toBe(200);
    const res = await submit(server, pair.id, [{ x: 1, y: 1 }]);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
