import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, signUp } from '../support/player.ts';

// Issue 6 payments on the real build with the sandbox gateway: tickets in the cart, checkout with
// the demo promo WELCOME10, the sandbox's hosted page, and back on the checkout page with the
// result (issue 25: "You're in", or why it failed with "Try again"), the payment on /payments.

/** Two tickets of the open contest in the cart through the API; the contest's id. */
async function fillCart(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const current = (
    (await answer.json()) as {
      data: { current: { id: string; picture: { width: number; height: number } | null } | null };
    }
  ).data.current;
  if (!current?.picture) throw new Error('no open contest with a picture');
  const { id, picture } = current;
  const tickets = [
    { x: Math.round(picture.width * 0.3), y: Math.round(picture.height * 0.4) },
    { x: Math.round(picture.width * 0.6), y: Math.round(picture.height * 0.55) },
  ];
  const add = await page.request.post('/api/v1/cart/items', { headers: HEADERS, data: { contestId: id, tickets } });
  expect(add.ok(), await add.text()).toBe(true);
  return id;
}

/** The element's right edge stays inside the 360 px screen (a mobile layout viewport can grow past it). */
async function expectFits(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
}

async function payInSandbox(page: Page, choice: 'Success' | 'Failure' | 'Cancel') {
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
  await page.getByRole('button', { name: choice, exact: true }).click();
  await expect(page).toHaveURL(/\/popupCheckout\?contest=[\w-]+&payment=[\w-]+$/, { timeout: 15_000 });
}

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test('pay: cart, checkout with WELCOME10, sandbox Success, the confirmed tickets on /payments', async ({ page }) => {
  const phone = await signUp(page, '3');
  await fillCart(page);

  await page.goto('/cart?lng=en');
  await expect(page.locator('.cart-ticket')).toHaveCount(2, { timeout: 15_000 });
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/popupCheckout\?contest=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeVisible({ timeout: 15_000 });
  const before = await pay.textContent();

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a promo code');
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid Promo Code');
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code WELCOME10 applied')).toBeVisible();
  await expect(page.getByLabel('Promo code')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(pay).not.toHaveText(before ?? '');
  await expectNoSidewaysScroll(page);
  await expectFits(page, '.checkout__card');
  await page.screenshot({ path: 'test-results/payment-checkout-en.png', fullPage: true });

  await payInSandbox(page, 'Success');
  const success = page.getByTestId('entry-success');
  await expect(success.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  await expect(success.getByTestId('ticket-crop')).toHaveCount(2);
  await expectFits(page, '.entry-success');
  await page.screenshot({ path: 'test-results/payment-youre-in-en.png', fullPage: true });
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  await page.goto(`/payments?payment=${paymentId}&lng=en`);
  const panel = page.getByTestId('payment-status');
  await expect(panel.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('link', { name: 'Go to the contest' })).toHaveAttribute('href', '/play_screen');
  const row = page.locator('.payments-table tbody tr').first();
  await expect(row).toContainText('Success');
  await expect(row).toContainText(phone);
  await expectNoSidewaysScroll(page);
  await expectFits(page, '.payment-status');
  await expectFits(page, '.payments-history');
  await page.screenshot({ path: 'test-results/payment-success-en.png', fullPage: true });
});

for (const [choice, heading, reason, tag] of [
  ['Failure', 'Payment failed', null, '4'],
  ['Cancel', 'Payment cancelled', 'You cancelled the payment.', '5'],
] as const) {
  test(`pay: sandbox ${choice} says no money was taken, the tickets are held: Try again here or from the cart`, async ({
    page,
  }) => {
    await signUp(page, tag);
    const contestId = await fillCart(page);
    await page.goto(`/popupCheckout?contest=${contestId}&lng=en`);
    await payInSandbox(page, choice);
    const panel = page.getByTestId('entry-unpaid');
    await expect(panel.getByRole('heading', { name: heading })).toBeVisible({ timeout: 20_000 });
    if (reason) await expect(panel.getByText(reason)).toBeVisible();
    await expect(panel).toContainText('No money was taken. Your tickets are held for you until');
    await expect(panel.getByRole('button', { name: /^Try again ₹/ })).toBeVisible();
    await expectFits(page, '.entry-unpaid');
    await page.screenshot({ path: `test-results/payment-${choice.toLowerCase()}-en.png`, fullPage: true });
    // The cart lists them, held, with the same "Try again".
    await page.goto('/cart?lng=en');
    const held = page.locator('.cart-held');
    await expect(held.getByTestId('ticket-crop')).toHaveCount(2, { timeout: 15_000 });
    await held.getByRole('link', { name: /^Try again ₹/ }).click();
    await expect(page).toHaveURL(/\/popupCheckout\?contest=[\w-]+&payment=[\w-]+$/);
    await page.getByRole('button', { name: /^Try again ₹/ }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await expect(page.getByTestId('entry-success').getByRole('heading', { name: "You're in!" })).toBeVisible({
      timeout: 20_000,
    });
  });
}
