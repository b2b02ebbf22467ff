import { expect, test } from '@playwright/test';
import { createAdmin, logInAs } from '../support/staff.ts';
import { expectNoSidewaysScroll, signUp, stageReady, tapAt, watchPicture } from '../support/player.ts';
import { payOnPlayScreen } from '../support/entry.ts';

// The e2e server starts like a fresh `npm start` outside production: the demo seed gives it two
// past published contests with their winners.
for (const lng of ['en', 'hi'] as const) {
  test.describe(`the winners' pages in ${lng} on a 360 px phone`, () => {
    test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

    test('/the_winners_circle shows both demo winners, newest first, with the marks on the picture', async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/the_winners_circle?lng=${lng}`);
      await expect(page.locator('.winner-card')).toHaveCount(2);
      await expect(page.locator('.winner-card__name').first()).toHaveText(/Demo player \d+/);
      await expect(page.locator('.winner-card .mark--judged')).toHaveCount(2);
      await expect(page.locator('.winner-card .mark--winner')).toHaveCount(2);
      await expect(page.locator('.marked-picture img').first()).toHaveJSProperty('complete', true);
      if (lng === 'hi') await expect(page.getByRole('heading', { level: 1 })).toHaveText('विजेताओं का मंच');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/winners-circle-${lng}-360.png`, fullPage: true });
      expect(errors).toEqual([]);
    });

    test('/live_weekly_winner counts down to the next show and shows the latest winner', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/live_weekly_winner?lng=${lng}`);
      await expect(page.getByRole('timer')).toBeVisible();
      await expect(page.locator('.winner-card')).toHaveCount(1);
      await expect(page.locator('.winner-card .mark--winner')).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/live-weekly-winner-${lng}-360.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the prize claims in the console on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test("an admin sees the demo winners' claims, opens one (audited) and verifies it", async ({ page }) => {
    const admin = createAdmin();
    await logInAs(page, admin);
    await page.goto('/admin/claims');
    await expect(page.getByRole('heading', { level: 1, name: 'Prize claims' })).toBeVisible();
    await expect(page.locator('.claim-item')).toHaveCount(2);
    const submitted = page.locator('.claim-item').filter({ hasText: 'Maharashtra' });
    await expect(submitted.getByText('Submitted', { exact: true })).toBeVisible();
    await submitted.getByRole('button', { name: 'Show details (audited)' }).click();
    await expect(submitted.getByText('AAAPZ1234C')).toBeVisible();
    await page.screenshot({ path: 'test-results/console-claims-en-360.png', fullPage: true });
    await submitted.getByLabel('Note to the winner').fill('PAN checked');
    await submitted.getByRole('button', { name: 'Mark verified' }).click();
    await expect(
      page.locator('.claim-item').filter({ hasText: 'Maharashtra' }).getByRole('button', { name: 'Mark prize sent' }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto('/admin/audit');
    await expect(page.getByText('Viewed the prize claim details of contest').first()).toBeVisible();
  });
});

test.describe("a player's bought tickets on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('after paying, the tickets are locked marks on the play screen and listed in My entries', async ({ page }) => {
    await signUp(page, '8');
    watchPicture(page);
    await page.goto('/play_screen?lng=en');
    await stageReady(page);
    await tapAt(page, 0.3, 0.4);
    await page.getByRole('button', { name: 'Add ticket' }).click();
    await tapAt(page, 0.6, 0.55);
    await payOnPlayScreen(page);

    await page.goto('/play_screen?lng=en');
    await stageReady(page);
    await expect(page.getByText('Locked on the picture: 2 tickets entered.')).toBeVisible();
    await page.screenshot({ path: 'test-results/play-locked-en-360.png' });

    await page.goto('/my_entries?lng=hi');
    const entries = page.locator('.my-entries');
    await expect(entries.getByRole('heading', { name: 'मेरी प्रविष्टियाँ' })).toBeVisible({ timeout: 15_000 });
    await expect(entries.locator('.entry-card__tickets li')).toHaveCount(2);
    await expect(entries.locator('.ticket-crop')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await entries.screenshot({ path: 'test-results/my-entries-hi-360.png' });
  });
});
