import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, signUp } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

test.describe('the operator console', () => {
  test('the first admin, made from the shell, logs in and finds the console and its audit log', async ({ page }) => {
    const admin = createAdmin('Asha', 'Rao');
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs(page, admin);
    await page.goto('/my_account');
    await page.getByRole('link', { name: 'Open the console' }).click();
    // The console opens on its first area (Contests); the audit log is one tap away in the area nav.
    await expect(page).toHaveURL(/\/admin\/contests$/);
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('Created the admin Asha Rao from the shell').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/screens/console-audit-360-en.png', fullPage: true });

    await page.goto('/admin/audit?lng=hi');
    await expect(page.getByRole('heading', { name: 'ऑडिट लॉग' })).toBeVisible();
    // Opened straight at the last area, the phone's sideways strip shows it, the current one.
    const current = page.getByRole('navigation').locator('.console__nav-link.active');
    await expect(current).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/screens/console-audit-360-hi.png', fullPage: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/audit?lng=en');
    await expect(page.getByRole('navigation', { name: 'Console areas' })).toBeVisible();
    await page.locator('.audit-item__changes summary').first().click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/console-audit-1280-en.png', fullPage: true });
  });

  test('a player is told the console is for staff, and the API refuses them', async ({ page }) => {
    await signUp(page, '8');
    await page.goto('/admin?lng=en');
    await expect(page.getByRole('heading', { name: 'This part of the site is for staff' })).toBeVisible();
    const answer = await page.request.get('/api/v1/admin/audit');
    expect(answer.status()).toBe(403);
  });

  test('a visitor who is not logged in goes to the login screen', async ({ page }) => {
    await page.goto('/admin/audit?lng=en');
    await expect(page).toHaveURL(/\/login/);
  });
});
