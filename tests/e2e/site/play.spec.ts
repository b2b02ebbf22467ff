import { expect, test } from '@playwright/test';
import {
  expectNoSidewaysScroll,
  expectPictureOnce,
  signUp,
  stageReady,
  tapAt,
  watchPicture,
} from '../support/player.ts';

// Issue 6 on the real build: sign up through the API, mark three tickets on the open contest's
// picture by tapping the canvas (a duplicate is refused in marking.spec.ts), enter them (issue
// 25's entry sheet), pay later from the cart and see the bill there.

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const texts = {
  en: {
    add: 'Add ticket',
    submit: 'Enter for ₹154.08',
    sheet: 'Your entry',
    later: 'Pay later from your cart',
    cart: 'Your cart',
    grand: 'Grand Total',
    play: 'Play now',
  },
  hi: {
    add: 'टिकट जोड़ें',
    submit: '₹154.08 में प्रवेश करें',
    sheet: 'आपकी प्रविष्टि',
    later: 'बाद में कार्ट से भुगतान करें',
    cart: 'आपका कार्ट',
    grand: 'कुल योग',
    play: 'अभी खेलें',
  },
} as const;

for (const lng of ['en', 'hi'] as const) {
  test(`play: three tickets, the cart's bill (${lng})`, async ({ page }) => {
    const tx = texts[lng];
    await signUp(page, lng === 'en' ? '1' : '2');
    watchPicture(page);

    await page.goto(`/?lng=${lng}`);
    await expect(page.getByRole('button', { name: tx.play })).toBeVisible({ timeout: 15_000 });
    await page.locator('.contest-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/play-home-card-${lng}.png`, fullPage: false });
    await page.locator('.contest-card').screenshot({ path: `test-results/play-card-${lng}.png` });
    await page.getByRole('button', { name: tx.play }).click();

    await expect(page).toHaveURL(/\/play_screen$/);
    await stageReady(page);
    // Each tap on an empty spot is a new ticket ('Add ticket' is for the keyboard and screen
    // readers: the next tap places it). A duplicate is refused in marking.spec.ts.
    await tapAt(page, 0.3, 0.4);
    await tapAt(page, 0.5, 0.5);
    await page.getByRole('button', { name: tx.add }).click();
    await tapAt(page, 0.6, 0.55);
    await expect(page.locator('.trial-chip--marked')).toHaveCount(3);
    await page.screenshot({ path: `test-results/play-marked-${lng}.png` });
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: tx.submit }).click();
    const sheet = page.getByRole('dialog', { name: tx.sheet });
    await expect(sheet.getByTestId('entry-total')).toHaveText('₹154.08', { timeout: 15_000 });
    await page.screenshot({ path: `test-results/play-sheet-${lng}.png` });
    await sheet.getByRole('link', { name: tx.later }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: tx.cart })).toBeVisible();
    await expect(page.getByText(tx.grand)).toBeVisible();
    await expect(page.locator('.cart-ticket')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/play-cart-${lng}.png`, fullPage: true });
  });
}

test("the play screen, opened anew, takes its first answers and the engine's code from what its HTML fetched ahead", async ({
  page,
}) => {
  await signUp(page, '5');
  await page.goto('/play_screen');
  await stageReady(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) asked.push(url.pathname + url.search);
  });
  await page.reload();
  await stageReady(page);
  // One request each (issue 29): the server's preloads with the HTML, taken by the page's own asks
  // (the country gate and the location gate share theirs).
  const times = (prefix: string) => asked.filter((url) => url.startsWith(prefix)).length;
  expect(times('/api/v1/location')).toBe(1);
  expect(times('/api/v1/contests/current?')).toBe(1);
  expect(times('/api/v1/cart')).toBe(1);
  await expectPictureOnce(page);
  // The engine's files, prefetched as the screen rendered, came from the cache when it ran them.
  const engine = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\/assets\/(engine-steps|StageCanvas)-/.test(entry.name))
      .map((entry) => ({ by: entry.initiatorType, bytes: entry.transferSize })),
  );
  expect(engine.filter((entry) => entry.by === 'link').length).toBe(2);
  expect(engine.filter((entry) => entry.by !== 'link').every((entry) => entry.bytes === 0)).toBe(true);
});
