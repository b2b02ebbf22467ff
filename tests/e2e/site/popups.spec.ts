import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, signUp } from '../support/player.ts';

// A first visit: nothing answered yet (the other site specs start with both answered).
test.use({ storageState: { cookies: [], origins: [] } });
// No permission given either: granting the project's geolocation (even none) makes Chromium deny
// every other, notifications included, and the offer is made only where the browser still asks.
test.beforeEach(async ({ context }) => context.clearPermissions());

for (const lng of ['en', 'hi'] as const) {
  test(`the cookie notice on a 360 px phone in ${lng}: shown once, answered, remembered`, async ({ page }) => {
    const name = lng === 'en' ? "Cookies and your browser's storage" : 'कुकीज़ और आपके ब्राउज़र का स्टोरेज';
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/?lng=${lng}`);
    const notice = page.getByRole('region', { name });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link')).toHaveAttribute('href', '/cookies');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/cookie-notice-360-${lng}.png` });
    await notice.getByRole('button', { name: lng === 'en' ? 'Only necessary' : 'केवल ज़रूरी' }).click();
    await expect(notice).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? '{}')).toMatchObject({
      choice: 'necessary',
      version: 1,
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name })).toHaveCount(0);
  });
}

// The pre-rendered pages carry the bar in their first paint (issue 29, first-paint-popup.ts): the
// page keeps its room from the start, and the app's bar takes its place at the same height.
test("a new visitor's cookie notice is in the game screen's first paint: nothing moves as the app takes it over", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => {
    const w = window as Window & { __shifts?: number };
    w.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__shifts! += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/quick_game_screen?lng=en');
  const notice = page.getByRole('region', { name: "Cookies and your browser's storage" });
  await expect(notice).toBeVisible();
  // The app's bar in its place (the first paint's copy gone), and the stage drawn by its engine.
  await expect(page.locator('.popup-bar--first')).toHaveCount(0, { timeout: 20_000 });
  await expect(notice).toBeVisible();
  await expect(page.locator('.picture-stage[data-loading]')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as Window & { __shifts?: number }).__shifts)).toBe(0);
  const bar = await notice.boundingBox();
  const ticketBar = await page.locator('.trial-bar').boundingBox();
  expect(ticketBar!.y + ticketBar!.height).toBeLessThanOrEqual(bar!.y + 0.5);
});

test("the first paint's notice answers before the app's code has run, and the answer is the app's", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/rules?lng=hi');
  const notice = page.getByRole('region', { name: 'कुकीज़ और आपके ब्राउज़र का स्टोरेज' });
  await expect(notice).toBeVisible();
  // Its room kept below the page's content, with no script of the app's.
  const room = await page.evaluate(() => ({
    padding: getComputedStyle(document.body).paddingBottom,
    bar: `${(document.querySelector('.popup-bar') as HTMLElement).offsetHeight}px`,
  }));
  expect(room.padding).toBe(room.bar);
  expect(room.padding).not.toBe('0px');
  await notice.getByRole('button', { name: 'केवल ज़रूरी' }).click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? '{}')).toMatchObject({
    choice: 'necessary',
    version: 1,
  });
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('region', { name: 'कुकीज़ और आपके ब्राउज़र का स्टोरेज' })).toHaveCount(0);
});

test('the notifications offer: after the cookie notice, once; accepted, it subscribes this browser', async ({
  page,
  context,
}) => {
  // Headless Chromium has no push service to subscribe with: the browser's subscribe() is replaced
  // by one that answers like Chrome does, on an endpoint of this machine (allowed outside production).
  await page.addInitScript(() => {
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () =>
      ({
        options: { applicationServerKey: null },
        toJSON: () => ({
          endpoint: `http://127.0.0.1:9/push/e2e-${Date.now()}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        }),
        unsubscribe: async () => true,
      }) as unknown as PushSubscription;
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page, '5');
  await page.goto('/?lng=en');
  await page.getByRole('button', { name: 'Accept all' }).click();
  const offer = page.getByRole('region', { name: 'Get contest alerts' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('an hour before it closes');
  await page.screenshot({ path: 'test-results/screens/notify-offer-360-en.png' });
  await context.grantPermissions(['notifications']);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/push/subscriptions') && response.request().method() === 'POST',
  );
  await offer.getByRole('button', { name: 'Turn on alerts' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Alerts are on. You can turn them off in your browser's site settings.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('deviceToken'))).toMatch(
    /^http:\/\/127\.0\.0\.1:9\/push\/e2e-/,
  );
  expect(
    await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map(
        (r) => r.active?.scriptURL ?? r.installing?.scriptURL ?? r.waiting?.scriptURL,
      ),
    ),
  ).toEqual([expect.stringMatching(/\/push-sw\.js$/)]);
});

test('Not now is remembered on the next visit', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, '4');
  await page.goto('/?lng=hi');
  await page.getByRole('button', { name: 'सभी स्वीकार करें' }).click();
  const offer = page.getByRole('region', { name: 'प्रतियोगिता अलर्ट पाएँ' });
  await expect(offer).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notify-offer-1280-hi.png' });
  await offer.getByRole('button', { name: 'अभी नहीं' }).click();
  await expect(offer).toBeHidden();
  await page.reload();
  await page.waitForTimeout(800);
  await expect(page.getByRole('region', { name: 'प्रतियोगिता अलर्ट पाएँ' })).toHaveCount(0);
});

// Issue 25: one slim bar at a time, at most a third of the screen, covering no control.

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The bar's box, the viewport's height, and every primary button, stage control and ticket bar on
 * screen that the bar overlaps (none expected).
 */
async function coverage(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.popup-bar');
    if (!bar) return null;
    const b = bar.getBoundingClientRect();
    const covered: string[] = [];
    const selector =
      '.button--primary, .button--accent, .trial-bar, .picture-stage__button, .picture-stage__zoom, .picture-stage';
    for (const element of document.querySelectorAll(selector)) {
      if (bar.contains(element)) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
      const overlaps = r.bottom > b.top + 0.5 && r.top < b.bottom && r.right > b.left && r.left < b.right;
      if (overlaps) covered.push(`${element.className} at ${Math.round(r.top)}-${Math.round(r.bottom)}`);
    }
    // The stage's own controls stay on the stage (not cut off by a box shrunk for the bar), and the
    // ticket bar below it (on a phone; beside it on a wide screen) covers none of it.
    const clipped: string[] = [];
    const box = document.querySelector('.trial-game__stage')?.getBoundingClientRect();
    const ticketBar = document.querySelector('.trial-bar')?.getBoundingClientRect();
    if (box) {
      for (const element of document.querySelectorAll('.picture-stage__zoom, .picture-stage__hint')) {
        const r = element.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const inside = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
        if (!inside) clipped.push(`${element.className} at ${Math.round(r.top)}-${Math.round(r.bottom)}`);
      }
      const below = ticketBar && ticketBar.left < box.right - 0.5 && ticketBar.right > box.left + 0.5;
      if (ticketBar && below && ticketBar.top < box.bottom - 0.5)
        clipped.push(`the ticket bar at ${Math.round(ticketBar.top)} over the stage to ${Math.round(box.bottom)}`);
    }
    return {
      bar: { top: b.top, bottom: b.bottom, left: b.left, right: b.right } as Rect,
      height: window.innerHeight,
      covered,
      clipped,
    };
  });
}

async function expectSlimAndClear(page: Page, where: string) {
  await expect(page.locator('.popup-bar')).toBeVisible();
  const first = await coverage(page);
  expect(first, where).not.toBeNull();
  const barHeight = first!.bar.bottom - first!.bar.top;
  expect(barHeight, `${where}: the bar's height`).toBeLessThanOrEqual(first!.height / 3);
  expect(first!.covered, `${where}: covered at load`).toEqual([]);
  expect(first!.clipped, `${where}: the stage's controls cut off`).toEqual([]);
  // At the end of the page too: the page keeps the bar's room free below its content.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = await coverage(page);
  expect(last!.covered, `${where}: covered at the end of the page`).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  return barHeight;
}

for (const device of [
  { name: '360', viewport: { width: 360, height: 740 }, touch: true },
  { name: '1280', viewport: { width: 1280, height: 800 }, touch: false },
] as const) {
  test.describe(`the popup bars at ${device.name} px`, () => {
    test.use({
      viewport: device.viewport,
      deviceScaleFactor: device.touch ? 2 : 1,
      isMobile: device.touch,
      hasTouch: device.touch,
    });

    test('the cookie bar: at most a third of the screen, over no primary button, stage control or ticket bar', async ({
      page,
    }) => {
      // Seven screens, a sign-up and the stage's screenshots: a busy machine needs more than 60 s.
      test.setTimeout(150_000);
      const heights: Record<string, number> = {};
      for (const path of ['/', '/login', '/signup', '/quick_game', '/quick_game_screen']) {
        await page.goto(`${path}?lng=en`);
        if (path === '/quick_game_screen')
          await expect(page.locator('.picture-stage')).toBeVisible({ timeout: 20_000 });
        heights[path] = await expectSlimAndClear(page, path);
        await page.screenshot({
          path: `test-results/screens/issue25-cookie-bar-${device.name}${path.replace(/\//g, '-')}.png`,
        });
      }
      // Logged in: the returning player's home, and the play screen's stage and ticket bar.
      await signUp(page, device.touch ? '1' : '2');
      await page.goto('/?lng=hi');
      await expect(page.locator('.contest-card__play')).toBeVisible({ timeout: 15_000 });
      heights['/ (logged in)'] = await expectSlimAndClear(page, '/ (logged in)');
      await page.goto('/play_screen?lng=hi');
      await expect(page.locator('.picture-stage')).toBeVisible({ timeout: 20_000 });
      heights['/play_screen'] = await expectSlimAndClear(page, '/play_screen');
      await page.screenshot({ path: `test-results/screens/issue25-cookie-bar-${device.name}-play-hi.png` });
      // The figures, for the report: the bar's height on each screen.
      test.info().annotations.push({
        type: `cookie bar heights at ${device.name} x ${device.viewport.height}`,
        description: JSON.stringify(heights),
      });
    });

    test('one bar at a time: the announcement (in the visitor language) only after the cookie notice', async ({
      page,
    }) => {
      // Paid play suspended, as the console's switch would make it.
      await page.route('**/api/v1/contests/current?*', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: { paidPlay: unknown } };
        body.data.paidPlay = {
          enabled: false,
          message:
            'Real-money play and new cash deposits are suspended with immediate effect because of the new online-gaming law.',
        };
        await route.fulfill({ response: answer, json: body });
      });
      for (const lng of ['hi', 'en'] as const) {
        await page.goto(`/rules?lng=${lng}`);
        const cookies = page.getByRole('region', {
          name: lng === 'en' ? "Cookies and your browser's storage" : 'कुकीज़ और आपके ब्राउज़र का स्टोरेज',
        });
        const announcement = page.getByRole('region', { name: lng === 'en' ? 'Announcement' : 'घोषणा' });
        if (lng === 'hi') {
          await expect(cookies).toBeVisible();
          await page.waitForTimeout(500);
          await expect(announcement).toHaveCount(0);
          await cookies.getByRole('button', { name: 'केवल ज़रूरी' }).click();
          await expect(announcement).toContainText('नए ऑनलाइन-गेमिंग कानून के कारण');
          await expect(page.locator('.popup-bar')).toHaveCount(1);
          await expectSlimAndClear(page, `/rules ${lng}`);
          await page.screenshot({ path: `test-results/screens/issue25-announcement-${device.name}-hi.png` });
          await announcement.getByRole('button', { name: 'ठीक है' }).click();
          await expect(announcement).toHaveCount(0);
        } else {
          // Once per visitor: not again, in any language.
          await page.waitForTimeout(800);
          await expect(announcement).toHaveCount(0);
          await expect(page.locator('.popup-bar')).toHaveCount(0);
        }
      }
    });
  });
}
