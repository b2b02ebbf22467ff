import { expect, test } from '@playwright/test';
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
  await expect(offer).toContainText('a contest closes in 1 hour');
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
