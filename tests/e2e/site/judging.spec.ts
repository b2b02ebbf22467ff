import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, stageReady } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

// A judge marks a closed contest on the players' stage, alone, at phone size; the admin sets one
// judge as enough, reviews the judged point and publishes. The closed contest and its entry are
// written straight into the e2e server's database: creating contests from the console is another
// area's screen.

const HOUR = 3_600_000;

function addClosedContest(userId: string): { contestId: string; width: number; height: number } {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'cricspot.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const picture = db
      .prepare(
        "SELECT p.id, p.width, p.height FROM pictures p JOIN app_meta m ON m.value = p.id WHERE m.key = 'demo_contest_picture_id'",
      )
      .get() as { id: string; width: number; height: number };
    const contestId = crypto.randomUUID();
    const now = Date.now();
    db.prepare(
      `INSERT INTO contests (id, window_key, slot, opens_at, closes_at, show_at, picture_id, prize_kind, prize_title_en, prize_title_hi, prize_value_paise, ticket_price_paise, max_tickets_per_person, total_tickets, created_at, updated_at)
       VALUES (?, ?, 'A', ?, ?, ?, ?, 'cash', 'Rs 1,000 cash', '₹1,000 नकद', 100000, 0, 75, 1000, ?, ?)`,
    ).run(
      contestId,
      `e2e-judge-${contestId.slice(0, 8)}`,
      now - 2 * 86_400_000,
      now - HOUR,
      now + HOUR,
      picture.id,
      now,
      now,
    );
    const ticket = db.prepare(
      `INSERT INTO tickets (id, contest_id, user_id, x, y, status, reservation_id, created_at, confirmed_at) VALUES (?, ?, ?, ?, ?, 'confirmed', NULL, ?, ?)`,
    );
    ticket.run(
      crypto.randomUUID(),
      contestId,
      userId,
      Math.round(picture.width * 0.5) + 3,
      Math.round(picture.height * 0.5) + 4,
      now - 3 * HOUR,
      now - 3 * HOUR,
    );
    ticket.run(
      crypto.randomUUID(),
      contestId,
      userId,
      Math.round(picture.width * 0.2),
      Math.round(picture.height * 0.8),
      now - 2 * HOUR,
      now - 2 * HOUR,
    );
    return { contestId, width: picture.width, height: picture.height };
  } finally {
    db.close();
  }
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

test('a judge marks a closed contest alone on the stage; the admin reviews and publishes', async ({ page }) => {
  // The contest opens to judges once its entry list is sealed, by the server's job each minute.
  test.setTimeout(180_000);
  const admin = createAdmin('Meera', 'Iyer');
  await page.setViewportSize({ width: 360, height: 740 });
  await logInAs(page, admin);
  const me = (await (await page.request.get('/api/v1/account/me', { headers: HEADERS })).json()) as {
    data: { user: { id: string } };
  };
  const userId = me.data.user.id;
  expect(
    (
      await page.request.post(`/api/v1/admin/users/${userId}/roles`, { headers: HEADERS, data: { role: 'judge' } })
    ).status(),
  ).toBe(200);
  const { contestId, width, height } = addClosedContest(userId);

  // One judge is enough for this contest, set in the console.
  await page.goto('/admin/results?lng=en');
  const required = page.getByLabel('Judges required per contest');
  await required.fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: 1 judge must mark each contest.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screens/console-results-360-en.png', fullPage: true });

  await page.goto('/admin/judging?lng=en');
  const card = page.locator('.judging-card', { hasText: `e2e-judge-${contestId.slice(0, 8)}` });
  await expect(card.getByText('0 of 1 judge has marked')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole('link', { name: 'Mark the ball' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  await expectNoSidewaysScroll(page);
  await card.getByRole('link', { name: 'Mark the ball' }).click();
  await stageReady(page);
  await clickPicture(page, Math.round(width * 0.4), Math.round(height * 0.4));
  const readout = page.locator('.judging-panel__lead');
  await expect(readout).toHaveText(/^Your mark: X \d+, Y \d+$/);
  const first = await readout.textContent();
  // Moved: the one mark goes where the judge taps next.
  await clickPicture(page, Math.round(width * 0.5), Math.round(height * 0.5));
  await expect(readout).not.toHaveText(first ?? '');
  await expect(readout).toHaveText(/^Your mark: X \d+, Y \d+$/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screens/console-judging-mark-360-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Submit my mark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your mark?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your mark is in. It is final.')).toBeVisible();
  await expect(page.getByText(/Yours was the last mark needed/)).toBeVisible();

  // A second mark is refused by the server: it is final.
  const again = await page.request.post(`/api/v1/judge/contests/${contestId}/mark`, {
    headers: HEADERS,
    data: { x: 1, y: 1 },
  });
  expect(again.status()).toBe(409);

  await page.goto(`/admin/results/${contestId}?lng=en`);
  await expect(page.getByText(/^Judged point: X /)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Meera Iyer' }).first()).toBeVisible();
  await stageReady(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screens/console-review-360-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Publish the result' }).click();
  await page.getByRole('dialog', { name: 'Publish this result?' }).getByRole('button', { name: 'Publish' }).click();
  // The winner show is an hour away: the result stays hidden until then (issue 26's show-time gate).
  await expect(
    page.getByText(/^Published\. It stays hidden until the winner show at .+ IST; 1 player is told then\.$/),
  ).toBeVisible();
  await expect(page.getByText(/Published on .* by Meera Iyer\./)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/results/${contestId}?lng=hi`);
  await expect(page.getByRole('heading', { name: /का परिणाम$/ })).toBeVisible();
  await stageReady(page);
  await page.screenshot({ path: 'test-results/screens/console-review-1280-hi.png', fullPage: true });
  await page.goto(`/admin/judging/${contestId}?lng=en`);
  await stageReady(page);
  await expect(page.getByText('Your mark is in. It is final.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/console-judging-done-1280-en.png', fullPage: true });
  // Back to the default for the other journeys on this server.
  expect(
    (
      await page.request.put('/api/v1/admin/judging/settings', { headers: HEADERS, data: { judgesRequired: 3 } })
    ).status(),
  ).toBe(200);
  withdraw(contestId);
});

/**
 * The e2e server is shared by every spec, and the winners' pages expect exactly the demo seed's
 * published contests: this test's result is taken off them again (as cancelled) once it is checked.
 */
function withdraw(contestId: string): void {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'cricspot.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      "UPDATE contests SET state = 'cancelled', cancelled_at = ?, cancel_reason = 'e2e judging test' WHERE id = ?",
    ).run(Date.now(), contestId);
  } finally {
    db.close();
  }
}
