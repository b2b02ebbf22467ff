import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, signUp } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/console-${name}.png`, fullPage: true });

test.describe('the console areas an operator uses every day', () => {
  test('users, paid play, promo codes, contact inbox and press, on a phone and a laptop', async ({ browser }) => {
    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    const phone = await signUp(player, '3');
    const sent = await player.request.post('/api/v1/contact', {
      headers: HEADERS,
      data: {
        subject: 'Invoice missing',
        phone,
        email: `ravi.${phone.slice(1)}@gmail.com`,
        message: 'Where is my invoice for Sunday?',
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    const admin = createAdmin('Meera', 'Iyer');
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await logInAs(page, admin);

    // Users: find by phone, suspend with a reason; the player's session ends at once.
    await page.goto('/admin/users?lng=en');
    await page.getByLabel('Phone, e-mail or name').fill(phone);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: 'Ravi Kumar' }).click();
    await expect(page.getByRole('heading', { name: 'Ravi Kumar' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'user-360-en');
    await page.getByRole('button', { name: 'Suspend the account' }).click();
    await page.getByLabel('Reason').fill('Chargeback fraud');
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend the account' }).click();
    await expect(page.getByRole('status')).toContainText('is suspended and logged out everywhere');
    expect((await player.request.get('/api/v1/account/me')).status()).toBe(401);

    // Paid play: off, with the confirm step, then back to the environment's default.
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Paid play' }).click();
    await expect(page.getByText('Paid play is ON', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Switch paid play off' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, switch' }).click();
    await expect(page.getByText('Paid play is OFF', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'paid-play-360-en');
    await page.getByRole('button', { name: "Go back to the environment's default (on)" }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, switch' }).click();
    await expect(page.getByText('Paid play is ON', { exact: true })).toBeVisible();

    // Promo codes: a new code, listed with its usage.
    await page.goto('/admin/promos/new?lng=en');
    await page.getByLabel('Code').fill('SUNDAY20');
    await page.getByLabel('Discount (%)').fill('20');
    await page.getByLabel('Valid from (IST)').fill('2026-01-01T00:00');
    await page.getByLabel('Valid until (IST)').fill('2030-12-31T23:59');
    await page.getByLabel('Uses in all').fill('100');
    await expectNoSidewaysScroll(page);
    await shot(page, 'promo-new-360-en');
    await page.getByRole('button', { name: 'Create the code' }).click();
    await expect(page.getByRole('heading', { name: 'SUNDAY20' })).toBeVisible();
    await page.getByRole('link', { name: '← All promo codes' }).click();
    await expect(page.getByText('Used 0 of 100 times · at most 1 per person')).toBeVisible();

    // Contact inbox: read the message, mark it answered.
    await page.goto('/admin/inbox?lng=en');
    await page.getByRole('link', { name: 'Invoice missing' }).first().click();
    await expect(page.getByText('Where is my invoice for Sunday?')).toBeVisible();
    await page.getByRole('button', { name: 'Mark answered' }).click();
    await expect(page.getByRole('status')).toHaveText('Marked answered.');
    await expectNoSidewaysScroll(page);

    // Press: a draft, published, seen on /in_the_press.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/press/new?lng=en');
    await page.getByLabel('Outlet', { exact: true }).fill('Mid-Day');
    await page.getByLabel('Published by the outlet on').fill('2026-11-20');
    await page.getByLabel('Title', { exact: true }).fill('Spot the ball is back for cricket fans');
    await page.getByLabel('Summary', { exact: true }).fill('The classic newspaper game returns online.');
    await page.getByLabel('Text', { exact: true }).fill('First paragraph.\n\nSecond paragraph.');
    await page.getByLabel('Title (Hindi)').fill('क्रिकेट प्रशंसकों के लिए स्पॉट द बॉल लौटा');
    await shot(page, 'press-new-1280-en');
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('The article is on the site.');
    await page.goto('/in_the_press?lng=hi');
    await expect(page.getByText('क्रिकेट प्रशंसकों के लिए स्पॉट द बॉल लौटा')).toBeVisible();

    // Laptop and Hindi: the user page of the suspended player.
    await page.goto(`/admin/users?q=${phone}&lng=hi`);
    await page.getByRole('link', { name: 'Ravi Kumar' }).click();
    await expect(page.getByRole('button', { name: 'खाता बहाल करें' })).toBeVisible();
    await shot(page, 'user-1280-hi');

    // Every change is in the audit log.
    await page.goto('/admin/audit?lng=en');
    for (const text of [
      'Suspended Ravi Kumar: Chargeback fraud',
      'Switched paid play off',
      'Created promo code SUNDAY20',
      'Marked answered the message',
      'Published the press article',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await context.close();
    await playerContext.close();
  });
});
