import { expect, type Page, test } from '@playwright/test';
import { HEADERS, codeFor, expectNoSidewaysScroll } from '../support/player.ts';

// Issue 15: a player logs in with a code by SMS to the mobile number, on a 360 px phone, on the
// real build (codes land in the development outbox).

interface OutboxMessage {
  recipient: string;
  body: string;
}

/** The newest login code sent to `phone`, waiting for it to arrive. */
async function loginCodeFor(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const answer = await page.request.get('/api/v1/dev/outbox');
    const { messages } = ((await answer.json()) as { data: { messages: OutboxMessage[] } }).data;
    const found = messages.find((m) => m.recipient === `+91${phone}` && /is your CricSpot login code/.test(m.body));
    code = /^(\d{6}) /.exec(found?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  return code;
}

/** A verified player made through the API (the sign-up code from the outbox), logged in in this context. */
async function signUpPlayer(page: Page): Promise<string> {
  const stamp = `${Date.now()}`.slice(-8);
  const phone = `8${stamp}7`;
  const signup = await page.request.post('/api/v1/auth/signup', {
    headers: HEADERS,
    data: {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: `meera.${stamp}@gmail.com`,
      phone,
      password: 'Cricket@123',
      confirmPassword: 'Cricket@123',
      agreeLegal: true,
      agreeRules: true,
      agreeAge: true,
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { otpToken } = ((await signup.json()) as { data: { otpToken: string } }).data;
  const verify = await page.request.post('/api/v1/auth/otp/verify', {
    headers: HEADERS,
    data: { otpToken, otp: await codeFor(page, phone) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return phone;
}

async function openMenuAndExpect(page: Page, name: 'My account' | 'Login') {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click();
}

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test('a player logs out, then logs in with the code sent to the mobile number', async ({ page }) => {
  const phone = await signUpPlayer(page);
  // The page's login marker, as the sign-up code screen sets it.
  await page.goto('/?lng=en');
  await page.evaluate(() => window.localStorage.setItem('loginToken', String(Date.now())));
  await page.goto('/my_account?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openMenuAndExpect(page, 'Login');
  expect((await page.request.get('/api/v1/account/me')).status()).toBe(401);

  await page.goto('/login?lng=en');
  // The mobile code is the default (issue 25).
  await expect(page.getByRole('radio', { name: 'Mobile code' })).toHaveAttribute('aria-checked', 'true');
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Mobile number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeField = page.getByLabel('6-digit code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(
    page.getByText(
      `If +91 ${phone.slice(0, 5)} ${phone.slice(5)} belongs to an account, we have sent a 6-digit code to it by SMS.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  await expectNoSidewaysScroll(page);

  const code = await loginCodeFor(page, phone);
  // A wrong code first: said by the field, and the tries left.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The code is not correct. 4 tries left.')).toBeVisible();

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Login' }).click();
  // No page was asked for: the contest.
  await expect(page).toHaveURL(/\/play_screen$/);
  await openMenuAndExpect(page, 'My account');
  const me = await page.request.get('/api/v1/account/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { data: { user: { phone: string } } }).data.user.phone).toBe(`+91${phone}`);
  await page.goto('/my_account?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
});

test("a player whose browser lost the login marker, the session's cookie kept, stays logged in", async ({ page }) => {
  await signUpPlayer(page);
  await page.goto('/rules?lng=en');
  await openMenuAndExpect(page, 'My account');
  // The browser's storage cleared (or evicted, as some browsers do after days unvisited) while the
  // session's cookie stayed.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/?lng=en');
  await openMenuAndExpect(page, 'My account');
  expect(await page.evaluate(() => window.localStorage.getItem('loginToken'))).not.toBeNull();
  // A player's screen the server sends as the app's shell, opened first after the loss.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/my_account?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
});

test('an unknown number gets the same screen, and no code can log it in', async ({ page }) => {
  const phone = `7${`${Date.now()}`.slice(-8)}3`;
  await page.goto('/login?lng=en');
  await page.getByRole('radio', { name: 'Mobile code' }).click();
  await page.getByLabel('Mobile number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(
    page.getByText(
      `If +91 ${phone.slice(0, 5)} ${phone.slice(5)} belongs to an account, we have sent a 6-digit code to it by SMS.`,
    ),
  ).toBeVisible();
  await page.getByLabel('6-digit code').fill('123456');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The code is not correct. 4 tries left.')).toBeVisible();
  const outbox = (await (await page.request.get('/api/v1/dev/outbox')).json()) as {
    data: { messages: OutboxMessage[] };
  };
  expect(outbox.data.messages.filter((m) => m.recipient === `+91${phone}`)).toEqual([]);
});

// The screens as a player sees them: password and mobile code, phone in English and Hindi, desktop.
for (const { lng, width, height } of [
  { lng: 'en', width: 360, height: 740 },
  { lng: 'hi', width: 360, height: 740 },
  { lng: 'en', width: 1280, height: 800 },
]) {
  test(`login screens at ${width} px in ${lng}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/login?lng=${lng}`);
    await expect(page.getByRole('radiogroup')).toBeVisible();
    // The mobile code first (issue 25), the password one tap away.
    await page.getByRole('radio').nth(1).click();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`login-password-${lng}-${width}.png`), fullPage: true });
    await page.getByRole('radio').nth(0).click();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`login-code-phone-${lng}-${width}.png`), fullPage: true });
    await page.locator('input[type="tel"]').fill(`6${`${Date.now()}`.slice(-9)}`);
    await page.locator('#login-panel-code button[type="submit"]').click();
    await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`login-code-sent-${lng}-${width}.png`), fullPage: true });
  });
}
