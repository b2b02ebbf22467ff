import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

// Staff for the console journeys, made the way an operator makes the first admin: `npm run
// admin:create` against the e2e server's data directory (playwright.config.ts sets E2E_DATA_DIR).

const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const STAFF_PASSWORD = 'Console@2026';

export interface StaffAccount {
  email: string;
  phone: string;
  password: string;
}

let counter = 0;

/** A new active admin, created from the shell. */
export function createAdmin(first = 'Asha', last = 'Rao'): StaffAccount {
  counter += 1;
  const stamp = `${Date.now()}`.slice(-7) + String(counter % 10);
  const account = { email: `admin.${stamp}@cricspot.in`, phone: `8${stamp}0`.slice(0, 10), password: STAFF_PASSWORD };
  execFileSync(
    process.execPath,
    [
      path.join(root, 'scripts', 'admin-create.ts'),
      '--email',
      account.email,
      '--phone',
      account.phone,
      '--first',
      first,
      '--last',
      last,
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, ADMIN_PASSWORD: account.password, DATABASE_URL: '' },
      stdio: 'pipe',
    },
  );
  return account;
}

/** Logs in through the login screen, as a person would. */
export async function logInAs(page: Page, account: { email: string; password: string }, lng = 'en') {
  await page.goto(`/login?lng=${lng}`);
  // The mobile code is the default way in (issue 25); staff log in with their password.
  await page.locator('#login-method-password').click();
  await page.locator('input[autocomplete="username"], input[name="identifier"]').first().fill(account.email);
  await page.locator('input[type="password"]').first().fill(account.password);
  await page.locator('form button[type="submit"]').first().click();
  await expect(page).not.toHaveURL(/\/login/);
}
