import { expect, type Page, test } from '@playwright/test';
import { createAdmin, logInAs } from '../support/staff.ts';

const publicPages = [
  { path: '/', name: 'home' },
  { path: '/contact_us', name: 'contact' },
  { path: '/terms', name: 'terms' },
  { path: '/privacy', name: 'privacy' },
  { path: '/rules', name: 'rules' },
  { path: '/cookies', name: 'cookies' },
  { path: '/tht', name: 'how-to-play' },
  { path: '/playss', name: 'how-it-works' },
  { path: '/who_we_are', name: 'who-we-are' },
  { path: '/my_account_delete', name: 'account-delete' },
  { path: '/in_the_press', name: 'press' },
  { path: '/payments', name: 'payments' },
];

const barePages = ['/login', '/signup', '/forgot', '/otp', '/otps', '/createpassword', '/socialsignup', '/quick_game'];

async function expectSettled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
}

for (const lng of ['en', 'hi'] as const) {
  test.describe(`public pages in ${lng}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

    for (const { path, name } of publicPages) {
      test(`${path} shows header, content and footer`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${path}?lng=${lng}`);
        await expectSettled(page);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        if (lng === 'hi') await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/[\u0900-\u097F]/);
        // Nothing may overflow a 360 px phone sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screens/${lng}-${name}.png`, fullPage: true });
        expect(errors).toEqual([]);
      });
    }
  });
}

for (const path of barePages) {
  test(`${path} uses the layout without header and footer`, async ({ page }) => {
    await page.goto(`${path}?lng=en`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
}

test('desktop home page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?lng=en');
  await expectSettled(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Winners' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/desktop-home.png', fullPage: true });
});

test('any other path shows the not-found page, and TAKE ME HOME leads to /', async ({ page }) => {
  await page.goto('/this/does/not/exist?lng=en');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText("Sorry, this page doesn't appear to exist")).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/en-not-found.png', fullPage: true });
  await page.getByRole('link', { name: 'TAKE ME HOME' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the hidden ball. Win real prizes.');
});

for (const path of ['/my_account', '/my_entries', '/play_screen', '/cart', '/popupCheckout']) {
  test(`${path} without a login marker redirects to /`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('the language choice is kept in local storage across visits', async ({ page }) => {
  await page.goto('/rules');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('hi');
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
  // The switch now offers English back.
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
});

test('a section chunk that fails to load offers a reload', async ({ page }) => {
  await page.goto('/');
  await expectSettled(page);
  await page.route(/\/assets\/InfoPage-.*\.js$/, (route) => route.abort());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'This page could not be loaded' });
  await expect(dialog).toBeVisible();
  await page.unroute(/\/assets\/InfoPage-.*\.js$/);
  await dialog.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
});

test('30 minutes without activity log the user out with the Session Expired dialog', async ({ page }) => {
  // A real session: the header asks for the cart once logged in, and a made-up marker would be
  // ended by the server's 401 at once.
  const account = createAdmin('Sunil', 'Das');
  await page.clock.install();
  await logInAs(page, account);
  await page.goto('/rules');
  await expectSettled(page);
  // The pre-rendered page is on screen before React takes it over. Run 29 minutes on before that,
  // the clock would also run out the screen's chunk timeout (CHUNK_TIMEOUT_MS, 120 s, lazy-screen.ts)
  // while its import is still being evaluated, and the page would show the reload dialog instead:
  // wait until the heading is React's (hydrated).
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
      ),
    )
    .toBe(true);
  await page.clock.runFor('29:00');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.clock.runFor('01:01');
  const dialog = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(dialog).toContainText('You have been logged out due to inactivity.');
  expect(await page.evaluate(() => localStorage.getItem('loginToken'))).toBeNull();
  await page.screenshot({ path: 'test-results/screens/en-session-expired.png' });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a new build version clears caches and reloads once', async ({ page }) => {
  await page.goto('/');
  await expectSettled(page);
  const deployed = await page.evaluate(async () => (await (await fetch('/meta.json')).json()).version as string);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('appVersion'))).toBe(deployed);
  await page.evaluate(() => localStorage.setItem('appVersion', 'an-older-build'));
  let loads = 0;
  page.on('load', () => loads++);
  await page.reload();
  // The watcher reloads the page by itself: wait for that second load before reading the page,
  // or the read is torn down by the navigation.
  await expect.poll(() => loads, { timeout: 20_000 }).toBe(2);
  await page.waitForLoadState('load');
  await expectSettled(page);
  expect(await page.evaluate(() => localStorage.getItem('appVersion'))).toBe(deployed);
  // And only once: the stored version now matches.
  await page.waitForTimeout(1500);
  expect(loads).toBe(2);
});
