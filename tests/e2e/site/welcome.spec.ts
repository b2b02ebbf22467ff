import { expect, test } from '@playwright/test';
import { codeFor } from '../support/player.ts';

// A visitor who taps Play on the contest card without an account signs up on the way and lands
// on the contest, greeted by name; the name typed in lower case arrives capitalised.

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test('Play -> login -> sign up -> code lands on the contest with a welcome', async ({ page }) => {
  const phone = `6${String(Date.now()).slice(-9)}`;
  await page.goto('/?lng=en');
  await page.getByRole('button', { name: 'Play now' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // The sign-up's own screen: while its chunk loads, the login screen (whose code form also has a
  // 'Mobile number' field) can still be up under the new address.
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(phone);
  await page.getByLabel('First name').pressSequentially('meera devi');
  await expect(page.getByLabel('First name')).toHaveValue('Meera Devi');
  await page.getByLabel('Last name').fill('iyer');
  await page.getByLabel('Email').fill(`meera.${phone}@gmail.com`);
  await page.getByRole('checkbox', { name: /Terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /Rules and FAQ/ }).check();
  await page.getByRole('checkbox', { name: /18 years/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('6-digit code').fill(await codeFor(page, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/play_screen$/);
  const welcome = page.getByRole('status').filter({ hasText: 'Welcome, Meera Devi!' });
  await expect(welcome).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/welcome-play-360-en.png' });
  await page.getByRole('button', { name: 'Close the welcome message' }).click();
  await expect(welcome).toBeHidden();
});

test('the login screen fetches the sign-up screen once painted, so its link opens without a wait', async ({ page }) => {
  const signupCode = page.waitForRequest(/\/assets\/SignupPage-[\w-]+\.js$/, { timeout: 10_000 });
  await page.goto('/login?lng=en');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await signupCode;

  const scriptsAfter: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptsAfter.push(request.url());
  });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  expect(scriptsAfter.filter((url) => url.includes('SignupPage'))).toEqual([]);
});

test('the code screen loads the contest while the player types the code, so the sign-up lands on it without a wait', async ({
  page,
}) => {
  const phone = `7${String(Date.now()).slice(-9)}`;
  await page.goto('/signup?lng=en');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(phone);
  await page.getByLabel('First name').fill('Kavya');
  await page.getByLabel('Last name').fill('Nair');
  await page.getByLabel('Email').fill(`kavya.${phone}@gmail.com`);
  await page.getByRole('checkbox', { name: /Terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /Rules and FAQ/ }).check();
  await page.getByRole('checkbox', { name: /18 years/ }).check();
  // The sign-up screen itself asks for none of the contest's code: the code screen does, once painted.
  const playCode = page.waitForRequest(/\/assets\/PlayScreenPage-[\w-]+\.js$/, { timeout: 10_000 });
  const gateCode = page.waitForRequest(/\/assets\/LocationGate-[\w-]+\.js$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await Promise.all([playCode, gateCode]);

  const scriptsAfter: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptsAfter.push(request.url());
  });
  await page.getByLabel('6-digit code').fill(await codeFor(page, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/play_screen$/);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome, Kavya!' })).toBeVisible();
  expect(scriptsAfter.filter((url) => /\/(PlayScreenPage|PlayLoading|LocationGate)-/.test(url))).toEqual([]);
});
