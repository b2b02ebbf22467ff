import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSidewaysScroll, HEADERS, signUp, stageReady, tapAt, watchPicture } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';
import { payOnPlayScreen } from '../support/entry.ts';

// Issue 9's whole week, in the console and on the players' pages of the real build: an admin
// uploads the week's photo, replaces the open contest with one on it, two players buy a ticket
// each, three judges (given the role in the console) mark the ball alone on the stage, the admin
// publishes, and the winner sees the result on /live_weekly_winner, /the_winners_circle and in
// My entries. Only the clock is cheated: the contest's close and show are moved to the past in the
// database instead of waiting for them. Named to run last: it replaces the open contest.

const WIDTH = 1710;
const HEIGHT = 1090;
/** Where the winner taps (fractions of the picture) and, near it, where the judges mark. */
const WINNER = { fx: 0.3, fy: 0.4 };
const OTHER = { fx: 0.75, fy: 0.7 };

test.setTimeout(240_000);

/** The photo's folder, made when the test uses it (not as Playwright reads the file to list its tests). */
let scratch: string | null = null;
test.afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function photo(): Promise<string> {
  scratch ??= mkdtempSync(path.join(os.tmpdir(), 'cricspot-week-'));
  const file = path.join(scratch, 'week-photo.jpg');
  // A pitch with a few shapes: a real JPEG of its own size, so the picker shows it apart.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#2e7d32"/><rect x="700" y="300" width="300" height="600" fill="#c8a165"/><circle cx="300" cy="500" r="60" fill="#1565c0"/><circle cx="1300" cy="420" r="60" fill="#ef6c00"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** '2026-11-24T18:05' in IST, as the console's datetime-local fields take it. */
function istInput(ms: number): string {
  return new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 16);
}

function database() {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'cricspot.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

async function player(browser: Browser, tag: string, firstName: string): Promise<{ page: Page; phone: string }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const phone = await signUp(page, tag, firstName);
  return { page, phone };
}

async function buyOneTicket(page: Page, at: { fx: number; fy: number }) {
  watchPicture(page);
  await page.goto('/play_screen?lng=en');
  await stageReady(page);
  await tapAt(page, at.fx, at.fy);
  await expect(page.locator('.trial-chip--marked')).toHaveCount(1);
  await payOnPlayScreen(page);
}

async function clickPicture(page: Page, x: number, y: number) {
  let point: { x: number; y: number } | null = null;
  await expect(async () => {
    point = await page.evaluate(
      ([px, py]) => (window.__cricspotStage?.ready ? window.__cricspotStage.imageToClient(px, py) : null),
      [x, y] as const,
    );
    expect(point).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  const p = point as unknown as { x: number; y: number };
  await page.mouse.click(Math.round(p.x), Math.round(p.y));
}

test('a whole week from the console: photo, contest, tickets, three judges, publish, the winner sees it', async ({
  page,
  browser,
}) => {
  const admin = createAdmin('Farah', 'Khan');
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAs(page, admin);

  // 1. The week's photo, uploaded with its progress, then seen on the players' stage.
  await page.goto('/admin/pictures?lng=en');
  await page.getByLabel('What is it for?').selectOption('contest');
  await page.getByLabel('Photo', { exact: true }).setInputFiles(await photo());
  await expect(page.getByText(`week-photo.jpg is uploaded (${WIDTH} × ${HEIGHT} px).`)).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: 'test-results/screens/week-1-uploaded.png', fullPage: true });

  // 2. The open contest gives way to one on the new photo: cancel it, then create the new one.
  await page.goto('/admin/contests?lng=en');
  // The item whose state chip says Open (a cancelled one's "Opens now ..." line is not it).
  const open = page
    .locator('.contest-item')
    .filter({ has: page.getByText('Open', { exact: true }) })
    .first();
  await expect(open).toBeVisible();
  await open.getByRole('button', { name: 'Cancel contest' }).click();
  await open.getByLabel('Why is it cancelled?').fill('Replaced by this week’s new photo.');
  await open.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the contest' }).click();
  await expect(page.locator('.console-notice')).toContainText('has been cancelled');

  await page.getByRole('button', { name: 'New contest' }).click();
  await expect(page.getByRole('heading', { name: 'New contest' })).toBeVisible();
  const now = Date.now();
  await page.getByLabel('Opens').fill(istInput(now - 60_000));
  await page.getByLabel('Closes').fill(istInput(now + 60 * 60_000));
  await page.getByLabel('Live winner show').fill(istInput(now + 2 * 60 * 60_000));
  await page
    .getByRole('radio', { name: `Photo ${WIDTH} × ${HEIGHT}` })
    .first()
    .check();
  await page.getByLabel('Prize title (English)').fill('Cash prize of ₹5,000');
  await page.getByLabel('Prize title (Hindi)').fill('₹5,000 का नकद इनाम');
  await page.getByLabel('Kind of prize').selectOption('cash');
  await page.getByLabel('Prize value (₹)').fill('5000');
  await page.getByLabel('Ticket price (₹)').fill('49');
  await page.getByLabel('Max tickets per person').fill('5');
  await page.getByLabel('Total tickets').fill('1000');
  await page.getByLabel('Live show stream URL').fill('https://www.youtube.com/watch?v=cricspotLive');
  await page.screenshot({ path: 'test-results/screens/week-2-new-contest.png', fullPage: true });
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page.locator('.console-notice')).toContainText('has been created');

  const db = database();
  const contest = db
    .prepare(
      "SELECT c.id, p.width, p.height FROM contests c JOIN pictures p ON p.id = c.picture_id WHERE c.state = 'upcoming' AND c.opens_at <= ? AND c.closes_at > ? ORDER BY c.created_at DESC",
    )
    .get(Date.now(), Date.now()) as { id: string; width: number; height: number };
  db.close();
  expect(contest).toMatchObject({ width: WIDTH, height: HEIGHT });

  // 3. Two players buy a ticket each on their phones.
  const winner = await player(browser, '1', 'Kiranjeet');
  await buyOneTicket(winner.page, WINNER);
  const other = await player(browser, '2', 'Meenakshi');
  await buyOneTicket(other.page, OTHER);

  // The close and the winner show, without waiting for them: a result published after the show's
  // start is public and told at once (published before it, it would stay hidden until the show).
  const shift = database();
  shift
    .prepare('UPDATE contests SET closes_at = ?, show_at = ? WHERE id = ?')
    .run(Date.now() - 2000, Date.now() - 1000, contest.id);
  shift.close();

  // 4. Three judges, given the role in the console's Users area.
  const judges: Page[] = [];
  for (const [i, name] of ['Anil', 'Bhavna', 'Chetan'].entries()) {
    const judge = await player(browser, String(3 + i), name);
    await page.goto('/admin/users?lng=en');
    await page.getByLabel('Phone, e-mail or name').fill(judge.phone);
    await page.getByRole('button', { name: 'Find' }).click();
    await page
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Give the judge role' }).click();
    await expect(page.getByText(`${name} Kumar now has the judge role.`)).toBeVisible();
    judges.push(judge.page);
  }
  const marks = [
    { x: Math.round(WIDTH * WINNER.fx) - 2, y: Math.round(HEIGHT * WINNER.fy) + 1 },
    { x: Math.round(WIDTH * WINNER.fx) + 3, y: Math.round(HEIGHT * WINNER.fy) - 2 },
    { x: Math.round(WIDTH * WINNER.fx) + 1, y: Math.round(HEIGHT * WINNER.fy) + 2 },
  ];
  for (const [i, judge] of judges.entries()) {
    await judge.goto(`/admin/judging/${contest.id}?lng=en`);
    await stageReady(judge);
    // Alone: nothing of the others or of the players is on the panel.
    await expect(judge.locator('.judging-panel__lead')).not.toContainText('Your mark: X');
    await clickPicture(judge, marks[i]!.x, marks[i]!.y);
    await judge.getByRole('button', { name: 'Submit my mark' }).click();
    await judge.getByRole('dialog', { name: 'Submit your mark?' }).getByRole('button', { name: 'Submit' }).click();
    await expect(judge.getByText('Your mark is in. It is final.')).toBeVisible();
    if (i === 0) await judge.screenshot({ path: 'test-results/screens/week-4-judge.png', fullPage: true });
  }

  // 5. The admin reviews the judged point and publishes.
  await page.goto(`/admin/results/${contest.id}?lng=en`);
  await expect(page.getByText(/^Judged point: X /)).toBeVisible();
  await stageReady(page);
  await page.screenshot({ path: 'test-results/screens/week-5-review.png', fullPage: true });
  await page.getByRole('button', { name: 'Publish the result' }).click();
  await page.getByRole('dialog', { name: 'Publish this result?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. 2 players are being told.')).toBeVisible();

  // 6. The winner sees it everywhere, and was told.
  const w = winner.page;
  await w.goto('/live_weekly_winner?lng=en');
  const latest = w.locator('.winner-card').first();
  await expect(latest).toContainText('Kiranjeet');
  await expect(latest).toContainText('Cash prize of ₹5,000');
  await expect(w.getByRole('heading', { name: 'Next live show' })).toBeVisible();
  await expectNoSidewaysScroll(w);
  await w.screenshot({ path: 'test-results/screens/week-6-live-winner.png', fullPage: true });
  await w.goto('/the_winners_circle?lng=en');
  await expect(w.locator('.winner-card').first()).toContainText('Kiranjeet');
  await expect(w.locator('.winner-card').first()).toContainText('2 entries');
  await w.goto('/my_entries?lng=en');
  await expect(w.getByText('You won this contest!')).toBeVisible({ timeout: 15_000 });
  await expect(w.getByText('Rank 1 of 2')).toBeVisible();
  await expectNoSidewaysScroll(w);
  await w.screenshot({ path: 'test-results/screens/week-6-my-entries.png', fullPage: true });
  await expect(async () => {
    const outbox = (await (await w.request.get('/api/v1/dev/outbox', { headers: HEADERS })).json()) as {
      data: { messages: Array<{ recipient: string; body: string }> };
    };
    expect(outbox.data.messages.some((m) => m.recipient.endsWith(winner.phone) && /you won/.test(m.body))).toBe(true);
  }).toPass({ timeout: 15_000 });
  const loser = other.page;
  await loser.goto('/my_entries?lng=en');
  await expect(loser.getByText('Rank 2 of 2')).toBeVisible({ timeout: 15_000 });
});
