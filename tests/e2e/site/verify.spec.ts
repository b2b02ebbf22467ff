import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/player.ts';

// The public check of a published result, on the demo contests a fresh start publishes: from
// the winners' circle to 'Verified', recomputed in this browser from the published files.

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const texts = {
  en: { check: 'Check this result', title: 'Check this result', verified: 'Verified', receipt: 'Is my ticket in?' },
  hi: { check: 'इस नतीजे की जाँच करें', title: 'इस नतीजे की जाँच करें', verified: 'सत्यापित', receipt: 'क्या मेरा टिकट शामिल है?' },
} as const;

for (const lng of ['en', 'hi'] as const) {
  test(`a demo result says verified, from the winners' circle (${lng})`, async ({ page }) => {
    const tx = texts[lng];
    await page.goto(`/the_winners_circle?lng=${lng}`);
    await page.getByRole('link', { name: tx.check }).first().click();
    await expect(page).toHaveURL(/\/the_winners_circle\/[^/]+\/verify$/);
    await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
    await expect(page.getByText(tx.verified, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 2, name: tx.receipt })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/verify-360-${lng}.png`, fullPage: true });
  });
}

test('the published file, changed by one entry, no longer verifies', async ({ page }) => {
  const winners = await page.request.get('/api/v1/results/winners', { params: { lang: 'en' } });
  const contestId = ((await winners.json()) as { data: { results: { contestId: string }[] } }).data.results[0]!
    .contestId;
  // The browser gets the file with one entry moved by a pixel, as a tampered copy would be.
  let moved: { ticketId: string; x: number; y: number } | undefined;
  await page.route(`**/api/v1/contests/${contestId}/publication`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { entries: { ticketId: string; x: number; y: number }[] } };
    moved = { ...body.data.entries[0]! };
    body.data.entries[0]!.x += 1;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/the_winners_circle/${contestId}/verify?lng=en`);
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByRole('status').getByText('The entries match the seal made at close', { exact: true }),
  ).toBeVisible();
  // The worker walks the tree sealed at close and names the moved entry, sealed and published.
  await expect(
    page.getByRole('status').getByText(`Entry 1, ticket ${moved!.ticketId}`, { exact: false }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .getByText(`position: sealed (${moved!.x}, ${moved!.y}), published (${moved!.x + 1}, ${moved!.y})`),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screens/verify-tampered-360-en.png', fullPage: true });
});
