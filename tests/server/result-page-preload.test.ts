// Issue 29: the winners' circle's and the live page's largest picture (their first card's) is
// preloaded with the page's HTML and offered as a phone copy, as the home card's is.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { bufferOf } from '../../server/services/pictures/serving.ts';
import { keyOf } from '../../server/storage/picture-store.ts';
import { afterAll, expect, it } from 'vitest';
import { useTestClock } from '../support/accounts.ts';
import { addContestPicture } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const DAY = 86_400_000;
const dist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');

describeOnEachDatabase(
  "the winners' pages preload their first picture",
  (server) => {
    const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
    const open = (url: string) => server.app.inject({ url, headers: { accept: 'text/html' } });
    const preloadOf = (id: string) =>
      `</api/v1/pictures/${id}/small>; rel=preload; as=image; fetchpriority=high; imagesrcset="/api/v1/pictures/${id}/small?w=800 800w, /api/v1/pictures/${id}/small 1280w, /api/v1/pictures/${id}/large 1600w"; imagesizes="(min-width: 48rem) 40rem, 100vw"`;

    it('names no picture while no result is public, then the newest public result’s', async () => {
      const older = await addContestPicture(server);
      const newer = await addContestPicture(server);
      for (const url of ['/the_winners_circle', '/live_weekly_winner']) {
        const res = await open(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.link, url).toBeUndefined();
      }
      await addJudgedContest(server, {
        pictureId: older,
        now: clock.now,
        points: [{ x: 5, y: 5 }],
        publishedAt: clock.now - 3 * DAY,
      });
      // Published, but its winner show is still to come: hidden from the public, and from the preload.
      await addJudgedContest(server, {
        pictureId: newer,
        now: clock.now,
        points: [{ x: 5, y: 5 }],
        publishedAt: clock.now - DAY,
        showInMs: DAY,
      });
      for (const url of ['/the_winners_circle', '/live_weekly_winner'])
        expect((await open(url)).headers.link, url).toBe(preloadOf(older));
      clock.advance(2 * DAY);
      for (const url of ['/the_winners_circle', '/live_weekly_winner'])
        expect((await open(url)).headers.link, url).toBe(preloadOf(newer));
      // Other pages the app renders in the browser name none.
      expect((await open('/the_winners_circle/c1/verify')).headers.link).toBeUndefined();
    });

    it('answers ?w=800 on a display copy with its phone copy, kept as long as the copy', async () => {
      const id = await addContestPicture(server);
      const small = await server.app.inject(`/api/v1/pictures/${id}/small`);
      const phone = await server.app.inject(`/api/v1/pictures/${id}/small?w=800`);
      expect(phone.statusCode).toBe(200);
      expect(phone.headers['content-type']).toBe('image/jpeg');
      expect(phone.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(phone.headers.etag).not.toBe(small.headers.etag);
      expect((await sharp(phone.rawPayload).metadata()).width).toBe(800);
      // Made once and kept in the picture store beside the copy, so no instance makes it again.
      const kept = await server.app.pictures.get(keyOf(id, 'small800.jpg'));
      expect(kept && (await bufferOf(kept.body)).equals(phone.rawPayload)).toBe(true);
      const again = await server.app.inject({
        url: `/api/v1/pictures/${id}/small?w=800`,
        headers: { 'if-none-match': String(phone.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect((await server.app.inject(`/api/v1/pictures/${id}/small?w=640`)).statusCode).toBe(400);
    });
  },
  { distDir: dist },
);
