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

  // Exactly the sign-up's field: while its chunk loads, the login form (with 'Email or mobile
  // number') can still be on the screen.
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
