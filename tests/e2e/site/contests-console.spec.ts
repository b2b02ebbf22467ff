import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

test.describe('the contests console', () => {
  test('an admin edits the coming contest, cancels the current one, and the home page says so (360 px and laptop)', async ({ page }) => {
    const admin = createAdmin('Meera', 'Iyer');
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs(page, admin);
    await page.goto('/admin/contests?lng=en');
    await expect(page.getByRole('heading', { name: 'Contests' })).toBeVisible();
    const items = page.locator('.contest-item');
    await expect(items.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/screens/console-contests-360-en.png', fullPage: true });

    // The newest window first: the last made by the schedule. Edit its prize and stream link.
    await items.first().getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: /Edit contest/ })).toBeVisible();
    await page.getByLabel('Prize title (English)').fill('Signed bat of the week');
    await page.getByLabel('Live show stream URL').fill('http://youtube.com/live/x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The stream URL must be a full https:// address.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/screens/console-contest-form-360-en.png', fullPage: true });
    await page.getByLabel('Live show stream URL').fill('https://www.youtube.com/live/abc');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('.console-notice')).toContainText('has been saved');
    await expect(items.first()).toContainText('Signed bat of the week');

    // Cancel the current contest (the last in the list among those not yet closed: the open one).
    const current = items.filter({ hasText: /Open|Upcoming/ }).last();
    await current.getByRole('button', { name: 'Cancel contest' }).click();
    await current.getByLabel('Why is it cancelled?').fill('The picture leaked before the contest opened.');
    await current.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('will be refunded');
    await page.screenshot({ path: 'test-results/screens/console-contest-cancel-360-en.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel the contest' }).click();
    await expect(page.locator('.console-notice')).toContainText('has been cancelled');
    await expect(items.filter({ hasText: 'The picture leaked' })).toHaveCount(1);

    await page.goto('/?lng=en');
    await expect(page.getByText('This contest has been cancelled')).toBeVisible();
    await expect(page.getByText('Reason: The picture leaked before the contest opened.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play now' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.locator('.contest-card').screenshot({ path: 'test-results/screens/home-cancelled-360-en.png' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/contests?lng=hi');
    await expect(page.getByRole('heading', { name: 'प्रतियोगिताएँ' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/console-contests-1280-hi.png', fullPage: true });
    await page.goto('/admin/contests?lng=en');
    await items.first().getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Opens')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/console-contest-form-1280-en.png', fullPage: true });
  });
});
