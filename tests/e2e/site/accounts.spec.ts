import { expect, type Page, test } from '@playwright/test';
import { codeFor as playerCodeFor, signUp } from '../support/player.ts';

// The journeys of issue 5 on the real build and a fresh SQLite database (NODE_ENV development,
// so codes land in the dev outbox instead of an SMS gateway).

const stamp = Date.now().toString().slice(-8);
const person = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: `asha.${stamp}@gmail.com`,
  phone: `9${stamp}1`,
  password: 'Cricket@123',
  newPassword: 'Boundary@456',
};

/** An 8x8 PNG, enough for the server to make its 256 px square of. */
const PNG_8X8 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4IaCHFTEMLQkAvr9BgQuV42AAAAAASUVORK5CYII=';

interface OutboxMessage {
  recipient: string;
  body: string;
  createdAt: number;
}

/** The newest code sent to `phone`, waiting for it to arrive (and to differ from `not`). */
async function codeFor(page: Page, phone: string, not?: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const answer = await page.request.get('/api/v1/dev/outbox');
    expect(answer.ok()).toBe(true);
    const { messages } = ((await answer.json()) as { data: { messages: OutboxMessage[] } }).data;
    const found = messages.find((m) => m.recipient.endsWith(phone) && /\b\d{6}\b/.test(m.body));
    code = /\b(\d{6})\b/.exec(found?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    if (not) expect(code).not.toBe(not);
  }).toPass({ timeout: 10_000 });
  return code;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function login(page: Page, identifier: string, password: string) {
  await page.goto('/login?lng=en');
  // The mobile code is the default (issue 25); the password is one tap away.
  await page.getByRole('radio', { name: 'Password' }).click();
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The header's account entry, behind the menu button on a phone. */
async function expectHeaderLink(page: Page, name: 'My account' | 'Login') {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click();
}

async function logoutFromMyAccount(page: Page) {
  await page.goto('/my_account?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectHeaderLink(page, 'Login');
}

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test.describe.serial('accounts', () => {
  test('sign-up with the code from the outbox, no password asked', async ({ page }) => {
    await page.goto('/signup?lng=en');
    await page.getByLabel('Mobile number').fill(person.phone);
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('checkbox', { name: /Terms and conditions/ }).check();
    await page.getByRole('checkbox', { name: /Rules and FAQ/ }).check();
    await page.getByRole('checkbox', { name: /18 years/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/otp$/);
    await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
    await page.getByLabel('6-digit code').fill(await codeFor(page, person.phone));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/play_screen$/);
    await expectHeaderLink(page, 'My account');
  });

  test('a first password, set by code from the login screen', async ({ page }) => {
    await page.goto('/login?lng=en');
    await page.getByRole('radio', { name: 'Password' }).click();
    await page.getByRole('link', { name: 'No password yet, or forgotten it?' }).click();
    // The login form, with its own 'Email or mobile number', stays on screen while the router renders
    // the next screen: type once that screen is there.
    await expect(page.getByRole('heading', { name: 'Set or reset your password' })).toBeVisible();
    await page.getByLabel('Email or mobile number').fill(person.phone);
    const before = await codeFor(page, person.phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/otps$/);
    await page.getByLabel('6-digit code').fill(await codeFor(page, person.phone, before));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('New password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout, then login with the e-mail and with the phone', async ({ page }) => {
    await login(page, person.email, person.password);
    await expect(page).toHaveURL(/\/play_screen$/);
    await logoutFromMyAccount(page);

    await login(page, person.email, 'Wrong@1234');
    await expect(page.getByRole('dialog', { name: 'Login Failed' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Email or mobile number').fill(`+91 ${person.phone}`);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectHeaderLink(page, 'My account');
  });

  test('forgotten password: code, new password, login with it', async ({ page }) => {
    await page.goto('/login?lng=en');
    await page.getByRole('radio', { name: 'Password' }).click();
    await page.getByRole('link', { name: 'No password yet, or forgotten it?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await expect(page.getByRole('heading', { name: 'Set or reset your password' })).toBeVisible();
    await page.getByLabel('Email or mobile number').fill(person.email);
    const before = await codeFor(page, person.phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/otps$/);
    await page.getByLabel('6-digit code').fill(await codeFor(page, person.phone, before));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/createpassword$/);
    await page.getByLabel('New password', { exact: true }).fill(person.newPassword);
    await page.getByLabel('Confirm password').fill(person.newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been saved.' })).toBeVisible();

    await page.getByRole('radio', { name: 'Password' }).click();
    await page.getByLabel('Email or mobile number').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectHeaderLink(page, 'My account');
  });

  test('profile update with a picture, and my account screens in en and hi', async ({ page }) => {
    await login(page, person.email, person.newPassword);
    await expectHeaderLink(page, 'My account');
    await page.goto('/my_account?lng=en');
    await expect(page.getByLabel('Last name')).toHaveValue(person.lastName);
    await page.getByLabel('Last name').fill('Rao-Sharma');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Profile updated' })).toContainText('Your profile has been updated.');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await expect(page.getByLabel('Last name')).toHaveValue('Rao-Sharma');

    await page
      .getByLabel('Upload a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_8X8, 'base64') });
    await expect(page.getByRole('dialog', { name: 'Profile picture' })).toContainText(
      'Your profile picture has been updated.',
    );
    await page.getByRole('button', { name: 'OK' }).click();
    const avatar = page.getByRole('img', { name: 'Your profile picture' });
    await expect(avatar).toBeVisible();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    for (const lng of ['en', 'hi'] as const) {
      await page.goto(`/my_account?lng=${lng}`);
      await expect(page.getByLabel(lng === 'en' ? 'Email' : 'ईमेल')).toHaveValue(person.email);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/${lng}-my-account.png`, fullPage: true });
    }
    await page.goto('/my_account?lng=en');
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    await expect(page.getByRole('dialog', { name: 'Deactivate your account?' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/en-my-account-confirm.png' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('deactivate, then login fails with the suspended message', async ({ page }) => {
    await login(page, person.phone, person.newPassword);
    await expectHeaderLink(page, 'My account');
    await page.goto('/my_account?lng=en');
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    await page.getByRole('button', { name: 'Yes, deactivate' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectHeaderLink(page, 'Login');

    await login(page, person.email, person.newPassword);
    const dialog = page.getByRole('dialog', { name: 'Login Failed' });
    await expect(dialog).toContainText('This account is deactivated. To reactivate it, e-mail');
    await page.screenshot({ path: 'test-results/screens/en-login-suspended.png' });
  });

  test('social sign-in of a new user through the development provider and /socialsignup, draft kept across a reload', async ({
    page,
    baseURL,
  }) => {
    // The provider sends the browser back to PUBLIC_URL (http://localhost:<port>), so this
    // journey runs on that origin: the sign-in cookies belong to it.
    const site = new URL(baseURL ?? 'http://127.0.0.1:3100');
    const origin = `http://localhost:${site.port || '3100'}`;
    const email = `ravi.${stamp}@gmail.com`;
    const phone = `8${stamp}2`;

    await page.goto(`${origin}/login?lng=en`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: /Development sign-in/ })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Kumar');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/socialsignup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Social Sign Up' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('First name')).toHaveValue('Ravi');
    await expect(page.getByLabel('Last name')).toHaveValue('Kumar');
    await page.getByLabel('First name').fill('Ravindra');
    await page.getByLabel('Mobile number').fill(`+91-${phone}`);
    await expect(page.getByLabel('Mobile number')).toHaveValue(phone);
    await page.getByRole('checkbox', { name: /Terms and conditions/ }).check();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Ravindra');
    await expect(page.getByLabel('Mobile number')).toHaveValue(phone);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByRole('checkbox', { name: /Terms and conditions/ })).toBeChecked();

    await page.getByRole('checkbox', { name: /Rules and FAQ/ }).check();
    await page.getByRole('checkbox', { name: /18 years/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Google proved the e-mail; the number is proved by its code, as in a password sign-up.
    await expect(page.getByRole('dialog')).toContainText('We have sent a 6-digit code to your phone.');
    await expect(page).toHaveURL(`${origin}/otp`);
    await page.getByLabel('6-digit code').fill(await codeFor(page, phone));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expectHeaderLink(page, 'My account');
    expect(await page.evaluate(() => window.localStorage.getItem('unfoundUser'))).toBeNull();
  });

  test('/socialsignup without a pending Google sign-in says to sign in with Google again', async ({ page }) => {
    await page.goto('/socialsignup?lng=en');
    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email').fill('meera@gmail.com');
    await page.getByLabel('Mobile number').fill('7012345678');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Social Signup Failed' });
    await expect(dialog).toContainText('sign in with Google again');
    await expect(page).toHaveURL(/\/socialsignup\?lng=en$/);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

const screens = [
  { path: '/login', name: 'login' },
  { path: '/signup', name: 'signup' },
  { path: '/otp', name: 'otp', challenge: { purpose: 'signup' } },
  { path: '/forgot', name: 'forgot' },
  { path: '/otps', name: 'otps', challenge: { purpose: 'reset' } },
  { path: '/createpassword', name: 'createpassword', challenge: { purpose: 'reset', otp: '123456' } },
  { path: '/socialsignup', name: 'socialsignup' },
];

for (const lng of ['en', 'hi'] as const) {
  test.describe(`account screens in ${lng} at 360 px`, () => {
    for (const screen of screens) {
      test(`${screen.path} has the brand link, no header or footer, and fits`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        if (screen.challenge) {
          const value = JSON.stringify({ otpToken: 'screenshot', sentAt: Date.now(), ...screen.challenge });
          await page.addInitScript((v) => window.sessionStorage.setItem('authCodeChallenge', v), value);
        }
        await page.goto(`${screen.path}?lng=${lng}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.spinner')).toHaveCount(0);
        if (lng === 'hi') await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
        await expect(page.getByRole('banner')).toHaveCount(0);
        await expect(page.getByRole('contentinfo')).toHaveCount(0);
        await expect(page.locator('a.auth__brand')).toHaveAttribute('href', '/');
        await expectNoSidewaysScroll(page);
        if (screen.name === 'signup' || screen.name === 'socialsignup') {
          await page.getByRole('button', { name: lng === 'en' ? 'Sign Up' : 'साइन अप' }).click();
          await expect(page.getByRole('alert').first()).toBeVisible();
          await page.screenshot({ path: `test-results/screens/${lng}-${screen.name}-errors.png`, fullPage: true });
          await page.reload();
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        await page.screenshot({ path: `test-results/screens/${lng}-${screen.name}.png`, fullPage: true });
        expect(errors).toEqual([]);
      });
    }
  });
}

test("a new mobile number in My account is the account's only with the code sent to it", async ({ page }) => {
  const oldPhone = await signUp(page, '7');
  const newPhone = `8${oldPhone.slice(1)}`;
  await page.goto('/my_account?lng=en');
  await expect(page.getByLabel('Mobile number')).toHaveValue(oldPhone);
  await page.getByLabel('Mobile number').fill(newPhone);
  await page.getByRole('button', { name: 'Save profile' }).click();
  const panel = page.getByRole('region', { name: 'Confirm your new number' });
  await expect(panel).toContainText(`+91 ${newPhone.slice(0, 5)} ${newPhone.slice(5)}`);
  await expect(page.getByLabel('Mobile number')).toHaveValue(oldPhone);
  // The number field, left as the code's field takes the focus, is not checked against the reset form.
  await expect(page.getByText('Phone number is required')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/account-phone-code-360-en.png', fullPage: true });
  await panel.getByLabel('6-digit code').fill(await playerCodeFor(page, newPhone));
  await panel.getByRole('button', { name: 'Confirm number' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile updated' })).toContainText(
    'Your mobile number has been changed.',
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await page.reload();
  await expect(page.getByLabel('Mobile number')).toHaveValue(newPhone);
});

test('one tap on Sign Up checks every field, even while the field being left shows its message (mouse and touch)', async ({
  page,
}) => {
  for (const press of ['click', 'tap'] as const) {
    await page.goto('/signup?lng=en');
    await page.getByLabel('Mobile number').fill('987650');
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Kumar');
    // The focus is still in the e-mail field: leaving it shows its message and moves the button.
    await page.getByLabel('Email').fill('ravi@');
    await page.getByRole('button', { name: 'Sign Up' })[press]();
    await expect(page.getByText('You must agree to continue'), press).toHaveCount(3);
    await expect(page.getByText('Invalid email'), press).toBeVisible();
  }
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

  test('/signup on a desktop', async ({ page }) => {
    await page.goto('/signup?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/desktop-signup.png', fullPage: true });
  });
});
