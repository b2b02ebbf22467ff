// The picture of a shared link's preview (og:image, GET /api/v1/site/card): the current contest's
// picture, else the first practice game's, else the brand card; 1200x630, revalidated by its tag.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import { useTestClock } from '../support/accounts.ts';
import { addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const BRAND_GREEN = [0x0b, 0x5d, 0x3b];
const PRACTICE_BLUE = [0x15, 0x65, 0xc0];
const CONTEST_RED = [0xc6, 0x28, 0x28];

const hex = ([r, g, b]: number[]) => `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
const photo = (colour: number[]) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: hex(colour) } })
    .jpeg()
    .toBuffer();

/** The card's size and the colour of its top right corner (away from the mark and the shade). */
async function cardOf(server: ServerHarness) {
  const res = await server.app.inject('/api/v1/site/card');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  const image = sharp(res.rawPayload);
  const { width, height, format } = await image.metadata();
  const corner = await image.extract({ left: 1150, top: 10, width: 1, height: 1 }).raw().toBuffer();
  return { res, width, height, format, corner: [...corner] };
}

const near = (actual: number[], expected: number[]) =>
  actual.every((channel, i) => Math.abs(channel - expected[i]!) <= 6);

describeOnEachDatabase('the share card (GET /api/v1/site/card)', (server) => {
  const clock = useTestClock(server);

  it('is the brand card while the site has no picture, and revalidates by its tag', async () => {
    const card = await cardOf(server);
    expect(card).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    expect(near(card.corner, BRAND_GREEN), String(card.corner)).toBe(true);
    const etag = String(card.res.headers.etag);
    const again = await server.app.inject({ url: '/api/v1/site/card', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("shows the first practice game's picture, then the open contest's, as the console changes them", async () => {
    const removed = await storePicture(
      server.app.db,
      server.app.pictures,
      await photo(PRACTICE_BLUE),
      'practice_removed',
    );
    const original = await storePicture(
      server.app.db,
      server.app.pictures,
      await photo(PRACTICE_BLUE),
      'practice_original',
    );
    await server.app.db
      .insertInto('practice_pairs')
      .values({
        id: crypto.randomUUID(),
        removed_picture_id: removed.id,
        original_picture_id: original.id,
        ball_x: 800,
        ball_y: 500,
        ball_width: null,
        is_active: 1,
        sort_order: 1,
        created_at: clock.now,
      })
      .execute();
    const practice = await cardOf(server);
    expect(practice).toMatchObject({ width: 1200, height: 630 });
    expect(near(practice.corner, PRACTICE_BLUE), String(practice.corner)).toBe(true);

    const contestPicture = await storePicture(server.app.db, server.app.pictures, await photo(CONTEST_RED), 'contest');
    await addTestContest(server, { pictureId: contestPicture.id, now: clock.now });
    const contest = await cardOf(server);
    expect(contest).toMatchObject({ width: 1200, height: 630 });
    expect(near(contest.corner, CONTEST_RED), String(contest.corner)).toBe(true);
    // A new picture is a new card: a crawler holding the old tag gets the new one.
    expect(contest.res.headers.etag).not.toBe(practice.res.headers.etag);
    const stale = await server.app.inject({
      url: '/api/v1/site/card',
      headers: { 'if-none-match': String(practice.res.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
  });
});
