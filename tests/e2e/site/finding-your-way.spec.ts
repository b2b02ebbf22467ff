import { expect, type Page, test } from '@playwright/test';
import { codeFor, confirmLocation, expectNoSidewaysScroll, HEADERS, signUp } from '../support/player.ts';

// Issue 25, the accounts part, on the real build: the code-first sign-up without a password (the
// code from the development outbox) and a password set later in My account; the returning
// player's home with Play above the fold; My entries from the menu. At 360 x 740 with touch and
// 1280 x 800 with a mouse, in English and Hindi, with screenshots of each screen.

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };
const NEW_PASSWORD = 'Boundary@456';

/** A number no other spec uses: 7, the last 8 digits of the clock, and a tag digit. */
const freshPhone = (tag: string) => `7${`${Date.now()}`.slice(-8)}${tag}`;

async function me(page: Page): Promise<{ hasPassword: boolean; firstName: string; lastName: string }> {
  const answer = await page.request.get('/api/v1/account/me');
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { user: { hasPassword: boolean; firstName: string; lastName: string } } })
    .data.user;
}

/** The newest code texted to the number after `after` (the outbox lists newest first). */
async function nextCodeFor(page: Page, phone: string, not: string): Promise<string> {
  let code = '';
  await expect(async () => {
    code = await codeFor(page, phone);
    expect(code).not.toBe(not);
  }).toPass({ timeout: 10_000 });
  return code;
}

/** Opens the menu where it is a menu (a phone); on a laptop its links stand in the header. */
async function openMenu(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await button.isVisible()) await button.click();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/issue25-${name}.png`, fullPage: true });
}

/** Code-first sign-up through the screens, then a password set from My account. */
async function signUpWithoutPassword(page: Page, tag: string, size: string) {
  const phone = freshPhone(tag);
  await page.goto('/signup?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  // Seven fields, the mobile number first; no password on the screen.
  const labels = await page
    .locator('form input')
    .evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim().slice(0, 12) ?? ''),
    );
  expect(labels).toHaveLength(7);
  expect(labels[0]).toBe('Mobile numbe');
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shoot(page, `signup-${size}-en`);

  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('First name').pressSequentially('ravi kumar');
  await expect(page.getByLabel('First name')).toHaveValue('Ravi Kumar');
  await page.getByLabel('Last name').pressSequentially('rao-sharma');
  await expect(page.getByLabel('Last name')).toHaveValue('Rao-Sharma');
  await page.getByLabel('Email').fill(`ravi.${phone}@gmail.com`);
  await page.getByRole('checkbox', { name: /Terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /Rules and FAQ/ }).check();
  await page.getByRole('checkbox', { name: /18 years/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/otp$/);
  await shoot(page, `otp-${size}-en`);
  const signupCode = await codeFor(page, phone);
  await page.getByLabel('6-digit code').fill(signupCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  // Nowhere in particular asked for: the contest.
  await expect(page).toHaveURL(/\/play_screen$/);
  expect(await me(page)).toMatchObject({ hasPassword: false, firstName: 'Ravi Kumar', lastName: 'Rao-Sharma' });

  // Later, in My account: a password, set with a code to the own number.
  await page.goto('/my_account?lng=en');
  await expect(page.getByRole('heading', { level: 2, name: 'Password' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shoot(page, `my-account-no-password-${size}-en`);
  await page.getByRole('button', { name: 'Set a password' }).click();
  await expect(page).toHaveURL(/\/otps$/);
  await page.getByLabel('6-digit code').fill(await nextCodeFor(page, phone, signupCode));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/createpassword$/);
  await shoot(page, `createpassword-${size}-en`);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/^Password must be at least 8 characters/)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/my_account$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been saved.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Change password' })).toBeVisible();
  expect((await me(page)).hasPassword).toBe(true);
  return phone;
}

/** Confirmed tickets and one held: two bought through the sandbox, one more reserved and not paid. */
async function ticketsInTheContest(page: Page) {
  const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
  const current = (
    (await answer.json()) as {
      data: { current: { id: string; ticketPricePaise: number; picture: { width: number; height: number } } | null };
    }
  ).data.current;
  if (!current) throw new Error('no open contest');
  const at = (fx: number, fy: number) => ({
    x: Math.round(current.picture.width * fx) + Math.floor(Math.random() * 40),
    y: Math.round(current.picture.height * fy),
  });
  const add = async (tickets: Array<{ x: number; y: number }>) => {
    const added = await page.request.post('/api/v1/cart/items', {
      headers: HEADERS,
      data: { contestId: current.id, tickets },
    });
    expect(added.ok(), await added.text()).toBe(true);
  };
  await add([at(0.31, 0.42), at(0.62, 0.57)]);
  const pay = async (decide: boolean) => {
    if (current.ticketPricePaise === 0) {
      const free = await page.request.post('/api/v1/cart/checkout-free', {
        headers: HEADERS,
        data: { contestId: current.id },
      });
      expect(free.ok(), await free.text()).toBe(true);
      return;
    }
    const order = await page.request.post('/api/v1/payments/orders', {
      headers: HEADERS,
      data: { contestId: current.id },
    });
    expect(order.ok(), await order.text()).toBe(true);
    const { orderId } = ((await order.json()) as { data: { orderId: string } }).data;
    if (!decide) return;
    const paid = await page.request.post(`/sandbox-gateway/checkout/${orderId}`, {
      form: { choice: 'success' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
  };
  await pay(true);
  if (current.ticketPricePaise > 0) {
    await add([at(0.45, 0.25)]);
    await pay(false);
  }
  return current.ticketPricePaise > 0;
}

for (const device of [
  { name: '360', viewport: PHONE, touch: true },
  { name: '1280', viewport: LAPTOP, touch: false },
] as const) {
  test.describe(`at ${device.name} px`, () => {
    test.use({
      viewport: device.viewport,
      deviceScaleFactor: device.touch ? 2 : 1,
      isMobile: device.touch,
      hasTouch: device.touch,
    });

    test('code-first sign-up without a password, a password set later, then login on the mobile code first', async ({
      page,
    }) => {
      const phone = await signUpWithoutPassword(page, device.touch ? '1' : '2', device.name);

      // Logged out, the login opens on the mobile code; after it the player lands where they were going.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/my_entries?lng=en');
      await expect(page).toHaveURL(/\/$/);
      await openMenu(page);
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      await expect(page.getByRole('radio', { name: 'Mobile code' })).toHaveAttribute('aria-checked', 'true');
      await expectNoSidewaysScroll(page);
      await shoot(page, `login-${device.name}-en`);
      await page.getByRole('radio', { name: 'Password' }).click();
      await page.getByLabel('Email or mobile number').fill(phone);
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/my_entries(\?lng=en)?$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My entries' })).toBeVisible();
    });

    test("a returning player's home: the contest card's Play above the fold, practice second", async ({ page }) => {
      await signUp(page, device.touch ? '6' : '7');
      for (const lng of ['en', 'hi'] as const) {
        await page.goto(`/?lng=${lng}`);
        const play = page.locator('.contest-card__play');
        await expect(play).toBeVisible({ timeout: 15_000 });
        await expect(play).toBeInViewport();
        const box = (await play.boundingBox())!;
        // Above the fold (popups.spec.ts checks that no popup bar covers it).
        expect(box.y + box.height).toBeLessThanOrEqual(device.viewport.height);
        test.info().annotations.push({
          type: `Play's bottom edge on the returning home, ${device.name} px, ${lng}`,
          description: `${Math.round(box.y + box.height)} of ${device.viewport.height}`,
        });
        const practice = page.getByRole('link', { name: lng === 'en' ? 'Play a free practice game' : /अभ्यास/ });
        const practiceBox = (await practice.first().boundingBox())!;
        if (device.touch) expect(practiceBox.y).toBeGreaterThan(box.y);
        await expectNoSidewaysScroll(page);
        await shoot(page, `home-returning-${device.name}-${lng}`);
      }
      await playFromHome(page);
    });

    test('My entries from the menu and from the header: crops, status, countdown', async ({ page }) => {
      await signUp(page, device.touch ? '8' : '9');
      const paid = await ticketsInTheContest(page);
      await page.goto('/?lng=en');
      await openMenu(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My entries' }).click();
      await expect(page).toHaveURL(/\/my_entries$/);
      const card = page.locator('.entry-card').first();
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card.locator('.ticket-crop')).toHaveCount(paid ? 3 : 2);
      await expect(card.getByText('Confirmed')).toHaveCount(2);
      if (paid) await expect(card.getByText('Held: awaiting payment')).toBeVisible();
      await expect(card.getByRole('timer')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shoot(page, `my-entries-${device.name}-en`);
      await page.goto('/my_entries?lng=hi');
      await expect(page.getByRole('heading', { level: 1, name: 'मेरी प्रविष्टियाँ' })).toBeVisible();
      await expect(page.locator('.entry-card').first().getByText('पक्का')).toHaveCount(2);
      await expectNoSidewaysScroll(page);
      await shoot(page, `my-entries-${device.name}-hi`);

      if (device.touch) {
        // One tap from the header too.
        await page.goto('/rules?lng=en');
        await page.getByRole('banner').getByRole('link', { name: 'My entries' }).first().click();
        await expect(page).toHaveURL(/\/my_entries$/);
        await openMenu(page);
        await shoot(page, `menu-${device.name}-en`);
      }
      const toggle = page.getByRole('banner').getByRole('button', { name: /English|हिन्दी/ });
      const size = (await toggle.boundingBox())!;
      expect(size.width).toBeGreaterThanOrEqual(44);
      expect(size.height).toBeGreaterThanOrEqual(44);
    });

    test('the screens of the accounts part in Hindi', async ({ page }) => {
      for (const path of ['/signup', '/login', '/forgot']) {
        await page.goto(`${path}?lng=hi`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
        await expectNoSidewaysScroll(page);
        await shoot(page, `${path.slice(1)}-${device.name}-hi`);
      }
      await signUp(page, device.touch ? '3' : '4');
      await confirmLocation(page);
      await page.goto('/my_account?lng=hi');
      await expect(page.getByRole('heading', { level: 1, name: 'मेरा खाता' })).toBeVisible();
      await expect(page.getByLabel('ईमेल')).toHaveValue(/@gmail\.com$/);
      await expectNoSidewaysScroll(page);
      await shoot(page, `my-account-${device.name}-hi`);
    });
  });
}

/** The returning player's Play leads to the contest. */
async function playFromHome(page: Page) {
  await page.goto('/?lng=en');
  await page.locator('.contest-card__play').click();
  await expect(page).toHaveURL(/\/play_screen$/);
}
