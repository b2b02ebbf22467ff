import { expect, test } from '@playwright/test';

// The e2e server starts like a fresh `npm start` outside production: the demo seed gives it two
// past published contests with their winners.
for (const lng of ['en', 'hi'] as const) {
  test.describe(`the winners' pages in ${lng} on a 360 px phone`, () => {
    test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

    test('/the_winners_circle shows both demo winners, newest first, with the marks on the picture', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/the_winners_circle?lng=${lng}`);
      await expect(page.locator('.winner-card')).toHaveCount(2);
      await expect(page.locator('.winner-card__name').first()).toHaveText(/Demo player \d+/);
      await expect(page.locator('.winner-card .mark--judged')).toHaveCount(2);
      await expect(page.locator('.winner-card .mark--winner')).toHaveCount(2);
      await expect(page.locator('.marked-picture img').first()).toHaveJSProperty('complete', true);
      if (lng === 'hi') await expect(page.getByRole('heading', { level: 1 })).toHaveText('विजेताओं का मंच');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
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
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/live-weekly-winner-${lng}-360.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}
