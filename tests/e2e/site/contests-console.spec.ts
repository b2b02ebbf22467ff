import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

test.describe('the contests console', () => {
  test('an admin edits the newest coming contest and cancels it with a reason and a confirm step (360 px and laptop)', async ({
    page,
  }) => {
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

    // Cancel that same coming contest (the server is shared with the other journeys: the open one stays).
    const coming = items.first();
    await coming.getByRole('button', { name: 'Cancel contest' }).click();
    await coming.getByLabel('Why is it cancelled?').fill('The sponsor withdrew the prize.');
    await coming.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('No tickets have been sold yet');
    await page.screenshot({ path: 'test-results/screens/console-contest-cancel-360-en.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel the contest' }).click();
    await expect(page.locator('.console-notice')).toContainText('has been cancelled');
    await expect(items.first()).toContainText('The sponsor withdrew the prize.');
    await expect(items.first()).toContainText('Cancelled');
    await expect(items.first().getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/contests?lng=hi');
    await expect(page.getByRole('heading', { name: 'प्रतियोगिताएँ' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/console-contests-1280-hi.png', fullPage: true });
    await page.goto('/admin/contests?lng=en');
    await items.nth(1).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Opens')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/console-contest-form-1280-en.png', fullPage: true });
  });
});
