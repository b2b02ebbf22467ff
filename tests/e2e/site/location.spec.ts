import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, HYDERABAD, signUp, stageReady } from '../support/player.ts';

// Where play is allowed, on the real build: the browser's position decides the state (the site
// project stands in Mumbai with the permission given; these tests move it or refuse it). Every
// player here starts without a location check, so the page's gate makes it.

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const texts = {
  en: {
    play: 'Play now',
    explain: 'Confirm you are playing from an allowed state',
    share: 'Share my location',
    restricted: 'Area Restricted',
    unavailable: 'Game Unavailable in Your Region',
    access: 'Location Access Required',
    inTelangana: 'Access is restricted in Telangana, India.',
    practice: 'Play free practice',
    help: 'How to allow location',
    computer: 'Chrome on a computer',
    tryAgain: 'Try again',
  },
  hi: {
    play: 'अभी खेलें',
    explain: 'पुष्टि करें कि आप अनुमति वाले राज्य से खेल रहे हैं',
    share: 'मेरी लोकेशन साझा करें',
    restricted: 'क्षेत्र प्रतिबंधित',
    unavailable: 'आपके क्षेत्र में खेल उपलब्ध नहीं',
    access: 'लोकेशन की अनुमति आवश्यक',
    inTelangana: 'तेलंगाना, भारत में पहुँच प्रतिबंधित है।',
    practice: 'मुफ़्त अभ्यास खेलें',
    help: 'लोकेशन की अनुमति कैसे दें',
    computer: 'कंप्यूटर पर Chrome',
    tryAgain: 'फिर से कोशिश करें',
  },
} as const;

/** Adds one ticket of the open contest through the API, as the play screen would. */
async function addTicket(page: Page) {
  const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const current = (
    (await answer.json()) as {
      data: { current: { id: string; picture: { width: number; height: number } | null } | null };
    }
  ).data.current;
  if (!current?.picture) throw new Error('no open contest with a picture');
  const ticket = { x: Math.round(current.picture.width * 0.4), y: Math.round(current.picture.height * 0.4) };
  return page.request.post('/api/v1/cart/items', {
    headers: HEADERS,
    data: { contestId: current.id, tickets: [ticket] },
  });
}

test('in an allowed state the gate checks the position once and the contest plays', async ({ page }) => {
  await signUp(page, '9', 'Ravi', { location: null });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/location') && r.request().method() === 'POST');
  await page.goto('/?lng=en');
  await page.getByRole('button', { name: texts.en.play }).click({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/play_screen$/);
  // The permission was given before: no explaining screen, the position goes at once.
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({ latitude: 19.076, longitude: 72.8777 });
  await stageReady(page);
  const status = await page.request.get('/api/v1/location');
  expect(
    ((await status.json()) as { data: { check: { state: { code: string }; allowed: boolean } | null } }).data.check,
  ).toMatchObject({ state: { code: 'IN-MH' }, allowed: true });
  const add = await addTicket(page);
  expect(add.ok(), await add.text()).toBe(true);
});

for (const lng of ['en', 'hi'] as const) {
  test(`asked for the first time, the gate says why before the browser's prompt (${lng})`, async ({
    page,
    context,
  }) => {
    const tx = texts[lng];
    // The browser has not been answered yet: it would prompt.
    await context.clearPermissions();
    await signUp(page, lng === 'en' ? '3' : '2', 'Ravi', { location: null });
    await page.goto(`/play_screen?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: tx.explain })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.picture-stage')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/location-explain-360-${lng}.png`, fullPage: true });
    // The player allows it at the browser's prompt.
    await context.grantPermissions(['geolocation']);
    await page.getByRole('button', { name: tx.share }).click();
    await stageReady(page);
  });
}

test.describe('in a restricted state (Hyderabad, Telangana)', () => {
  test.use({ geolocation: { latitude: HYDERABAD.latitude, longitude: HYDERABAD.longitude } });

  for (const lng of ['en', 'hi'] as const) {
    test(`'Area Restricted' names the state, and the cart stays closed (${lng})`, async ({ page }) => {
      const tx = texts[lng];
      await signUp(page, lng === 'en' ? '0' : '6', 'Ravi', { location: null });
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/location') && r.request().method() === 'POST');
      await page.goto(`/?lng=${lng}`);
      await page.getByRole('button', { name: tx.play }).click({ timeout: 15_000 });
      const answer = await sent;
      expect(answer.status()).toBe(403);
      expect(await answer.json()).toMatchObject({
        code: 'AREA_RESTRICTED',
        details: { scope: 'state', state: { code: 'IN-TG' } },
      });

      await expect(page.getByRole('heading', { level: 1, name: tx.restricted })).toBeVisible();
      await expect(page.getByText(tx.inTelangana)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: tx.unavailable })).toBeVisible();
      await expect(page.locator('.picture-stage')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/location-restricted-360-${lng}.png`, fullPage: true });

      // Neither the cart page nor the API lets tickets in.
      await page.goto(`/cart?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: tx.restricted })).toBeVisible();
      const add = await addTicket(page);
      expect(add.status()).toBe(403);
      expect(await add.json()).toMatchObject({ code: 'AREA_RESTRICTED' });

      // Free practice stays open.
      await page.getByRole('link', { name: tx.practice }).click();
      await expect(page).toHaveURL(/\/quick_game$/);
    });
  }
});

test.describe('with the location permission refused', () => {
  // Headless Chromium answers an ungranted geolocation request with PERMISSION_DENIED at once, and
  // the Permissions API says 'denied': the gate shows the help without asking first.
  test.use({ permissions: [] });

  for (const lng of ['en', 'hi'] as const) {
    test(`'Location Access Required' with the help, then play once allowed (${lng})`, async ({ page, context }) => {
      const tx = texts[lng];
      await signUp(page, lng === 'en' ? '7' : '8', 'Ravi', { location: null });
      await page.goto(`/play_screen?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: tx.access })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 2, name: tx.help })).toBeVisible();
      // The desktop Chrome user agent opens the computer's steps.
      const computer = page.locator('details', { has: page.getByText(tx.computer, { exact: true }) });
      await expect(computer).toHaveAttribute('open', '');
      await expect(computer.locator('li')).toHaveCount(4);
      await expect(page.locator('.picture-stage')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/location-access-360-${lng}.png`, fullPage: true });

      // Still refused: the same screen again, never an endless wait.
      await page.getByRole('button', { name: tx.tryAgain }).click();
      await expect(page.getByRole('heading', { level: 1, name: tx.access })).toBeVisible();

      // Allowed in the browser's settings: try again lets the player in.
      await context.grantPermissions(['geolocation']);
      await page.getByRole('button', { name: tx.tryAgain }).click();
      await stageReady(page);
    });
  }
});
