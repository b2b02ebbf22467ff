// What bench/lighthouse.ts does to the production server's database before it measures: a
// logged-in player for /play_screen, and two published results so that /the_winners_circle and
// /live_weekly_winner show what they show after a few weeks of contests (a production database
// gets no demo results of its own; without them both pages measured an empty list).
import runLighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { seedDemoResults } from '../../scripts/demo/seed-results.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { loadOrCreateSecret } from '../../server/secret.ts';
import { createPictureStore } from '../../server/storage/picture-store.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { signedInPlayer as benchPlayer } from './signed-in-player.ts';
import { CHROMIUM, disableFeaturesFlag } from './quiet-browser.ts';

export interface Player {
  /** The session cookie's value. */
  token: string;
}

function benchDatabase(env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env, DATABASE_URL: '' });
  return { config, ...openDatabase({ databaseUrl: undefined, sqlitePath: config.sqlitePath }) };
}

/**
 * The demo seed's two past published contests (scripts/demo/seed-results.ts, which skips a
 * production database by itself), written into the bench server's database beside it.
 */
export async function publishedResults(env: Record<string, string>): Promise<number> {
  const { config, db } = benchDatabase(env);
  try {
    const pictures = createPictureStore(config.pictureStorage, { db, uploadsDir: config.uploadsDir });
    const seeded = await seedDemoResults(db, {
      pictures,
      isProduction: false,
      secret: loadOrCreateSecret(config.dataDir),
    });
    return seeded.contests.length;
  } finally {
    await db.destroy();
  }
}

/** A logged-in player for /play_screen (bench/support/signed-in-player.ts), by its session cookie's value. */
export async function signedInPlayer(base: string, env: Record<string, string>): Promise<Player> {
  const player = await benchPlayer(base, env);
  return { token: player.cookie.value };
}

/**
 * Chromium does not send a Cookie given through Lighthouse's extraHeaders with the app's API
 * calls (the cart answered 401 and the route went home), so each run opens a new browser (an
 * empty cache), sets the session cookie and the marker on the site's origin, and runs
 * Lighthouse's API on that page with its storage reset off (which would clear both).
 */
export async function runAsPlayer(base: string, url: string, player: Player): Promise<string> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Puppeteer joins this --disable-features with its own.
    args: ['--no-sandbox', ...disableFeaturesFlag()],
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/readyz`);
    await page.setCookie({ name: SESSION_COOKIE, value: player.token, url: base, httpOnly: true, sameSite: 'Lax' });
    await page.evaluate(
      (key: string) => window.localStorage.setItem(key, String(Date.now())),
      STORAGE_KEYS.loginMarker,
    );
    const result = await runLighthouse(
      url,
      {
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // The contest's picture on its stage, not a message instead of the game (closed, no gateway).
    if (!(await page.evaluate(() => document.querySelector('.picture-stage, .stage-preview') !== null)))
      throw new Error(`${url} showed no stage`);
    return typeof result.report === 'string' ? result.report : result.report.join('');
  } finally {
    await browser.close();
  }
}
