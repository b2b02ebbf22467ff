import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, signUp } from '../support/player.ts';

// The money screens on the real build (issue 15): amounts without '.00', the bill without an
// empty 'Promo Applied', tickets numbered in the order they were marked, payment history cards
// with coloured status chips, and the 'You're in!' moment after the sandbox payment.

/**
 * Three tickets marked right to left (sorting by X would reverse them); their points in that order,
 * and the contest's slot (A from Monday noon, B from Thursday noon, IST), which its name carries.
 */
async function fillCart(page: Page): Promise<{ marked: Array<{ x: number; y: number }>; slot: string }> {
  const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const current = (
    (await answer.json()) as {
      data: { current: { id: string; slot: string; picture: { width: number; height: number } | null } | null };
    }
  ).data.current;
  if (!current?.picture) throw new Error('no open contest with a picture');
  const { width, height } = current.picture;
  const salt = Math.floor(Math.random() * 50);
  const tickets = [0.8, 0.5, 0.2].map((fx, i) => ({
    x: Math.round(width * fx) + salt,
    y: Math.round(height * (0.3 + i * 0.2)),
  }));
  const add = await page.request.post('/api/v1/cart/items', {
    headers: HEADERS,
    data: { contestId: current.id, tickets },
  });
  expect(add.ok(), await add.text()).toBe(true);
  return { marked: tickets, slot: current.slot };
}

/** The tickets' crops in order: alt text naming the ticket and its mark, the picture drawn, the crosshair inside the square. */
async function expectCrops(scope: Locator, marked: Array<{ x: number; y: number }>) {
  const crops = scope.locator('.ticket-crop');
  await expect(crops).toHaveCount(marked.length, { timeout: 15_000 });
  for (const [i, p] of marked.entries()) {
    const image = crops.nth(i).locator('img');
    await expect(image).toHaveAttribute(
      'alt',
      `Ticket ${i + 1}: marked ${p.x} pixels from the left and ${p.y} from the top of the picture`,
    );
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [box, mark] = await Promise.all([
      crops.nth(i).boundingBox(),
      crops.nth(i).locator('.ticket-crop__mark').boundingBox(),
    ]);
    const centre = { x: mark!.x + mark!.width / 2, y: mark!.y + mark!.height / 2 };
    expect(centre.x).toBeGreaterThanOrEqual(box!.x);
    expect(centre.x).toBeLessThanOrEqual(box!.x + box!.width);
    expect(centre.y).toBeGreaterThanOrEqual(box!.y);
    expect(centre.y).toBeLessThanOrEqual(box!.y + box!.height);
  }
}

/**
 * Pays (or tries again) on the checkout page, chooses on the sandbox's page, and, back on the
 * checkout page with the outcome (issue 25), opens that payment on /payments.
 */
async function payInSandbox(page: Page, choice: 'Success' | 'Cancel', button: RegExp = /^Pay ₹/) {
  const pay = page.getByRole('button', { name: button });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
  await page.getByRole('button', { name: choice, exact: true }).click();
  await expect(page).toHaveURL(/\/popupCheckout\?contest=[\w-]+&payment=[\w-]+$/, { timeout: 15_000 });
  await expect(page.getByTestId(choice === 'Success' ? 'entry-success' : 'entry-unpaid')).toBeVisible({
    timeout: 20_000,
  });
  await page.goto(`/payments?payment=${new URL(page.url()).searchParams.get('payment')}`);
}

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('money screens at 360 px in English and Hindi: cart, bill, success, payment cards', async ({ page }) => {
    // The checkout page shows the outcome first now (issue 25), then the payments page: more pages.
    test.setTimeout(120_000);
    await signUp(page, '7');
    const { marked, slot } = await fillCart(page);
    // The first price a player sees is the all-in price per ticket (issue 25).
    for (const [lng, price] of [
      ['en', '₹51.36'],
      ['hi', '₹51.36'],
    ] as const) {
      await page.goto(`/?lng=${lng}`);
      const card = page.locator('.contest-card');
      await expect(card.getByText(price, { exact: true })).toBeVisible({ timeout: 15_000 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `test-results/money-home-card-360-${lng}.png` });
    }

    await page.goto('/cart?lng=en');
    const tickets = page.locator('.cart-ticket');
    await expect(tickets).toHaveCount(3, { timeout: 15_000 });
    for (const [i, point] of marked.entries())
      await expect(tickets.nth(i)).toContainText(`Ticket ${i + 1}X ${point.x}, Y ${point.y}`);
    await expectCrops(page.locator('.cart-tickets'), marked);
    await expect(tickets.first()).toContainText('₹49');
    await expect(tickets.first()).not.toContainText('.00');
    await expect(page.locator('.bill dt')).toHaveText([
      'Items Total',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    await expect(page.locator('.bill dd').first()).toHaveText('₹147');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/money-cart-360-en.png', fullPage: true });
    await page.goto('/cart?lng=hi');
    await expect(page.locator('.cart-ticket')).toHaveCount(3, { timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/money-cart-360-hi.png', fullPage: true });

    await page.goto('/cart?lng=en');
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.bill dt', { hasText: 'Promo Applied' })).toHaveCount(0);
    await page.getByLabel('Promo code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Promo code WELCOME10 applied')).toBeVisible();
    await expect(page.locator('.bill__line', { hasText: 'Promo Applied' }).locator('dd')).toHaveText(/^-₹\d/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/money-checkout-360-en.png', fullPage: true });
    const checkoutUrl = page.url();
    await page.goto(checkoutUrl.replace('lng=en', '') + '&lng=hi');
    await expect(page.locator('.bill__line')).toHaveCount(8, { timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/money-checkout-360-hi.png', fullPage: true });
    await page.goto(`${checkoutUrl.split('&lng=')[0]}&lng=en`);

    await payInSandbox(page, 'Success');
    const panel = page.getByTestId('payment-status');
    await expect(panel.getByText(`You're in! 3 tickets in Contest ${slot}`)).toBeVisible({ timeout: 20_000 });
    // Each ticket a crop of the picture around its mark, numbered as marked, the picture loaded.
    await expectCrops(panel, marked);
    await expect(panel).toContainText('The winner is revealed in the live show on');
    const card = page.locator('.payment-row').first();
    await expect(card.locator('.status-chip--good')).toHaveText('Success');
    await expect(card).toContainText('3 tickets');
    await expect(card.getByRole('link', { name: 'Download invoice' })).toBeVisible();
    // No word is cut in the middle: only the ids may break anywhere.
    expect(
      await page
        .locator('.payments-table td')
        .evaluateAll((cells) => cells.filter((c) => getComputedStyle(c).wordBreak === 'break-all').length),
    ).toBe(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/money-success-360-en.png', fullPage: true });
    const paidUrl = page.url();
    await page.goto(`${paidUrl}&lng=hi`);
    await expect(page.getByTestId('payment-status').getByText(`आप शामिल हैं! प्रतियोगिता ${slot} में 3 टिकट`)).toBeVisible({
      timeout: 20_000,
    });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/money-success-360-hi.png', fullPage: true });

    await page.goto(`${paidUrl}&lng=en`);
    await page.getByRole('link', { name: 'See My entries' }).click();
    await expect(page).toHaveURL(/\/my_account#my-entries$/);
    await expect(page.getByRole('heading', { name: 'My entries' })).toBeInViewport({ timeout: 15_000 });
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('money screens at 1280 px: cart, bill, success and the payments table with a cancelled and a paid payment', async ({
    page,
  }) => {
    // A cancel, then "Try again" from the cart and the checkout page (issue 25): more pages.
    test.setTimeout(120_000);
    await signUp(page, '8');
    const { slot } = await fillCart(page);
    await page.goto('/cart?lng=hi');
    await expect(page.locator('.cart-ticket')).toHaveCount(3, { timeout: 15_000 });
    await page.screenshot({ path: 'test-results/money-cart-1280-hi.png', fullPage: true });
    await page.goto('/cart?lng=en');
    await expect(page.locator('.cart-ticket')).toHaveCount(3, { timeout: 15_000 });
    await page.screenshot({ path: 'test-results/money-cart-1280-en.png', fullPage: true });
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/money-checkout-1280-en.png', fullPage: true });
    await payInSandbox(page, 'Cancel');
    await expect(page.getByTestId('payment-status').getByRole('heading', { name: 'Payment cancelled' })).toBeVisible({
      timeout: 20_000,
    });
    // The cancelled payment's tickets stay held: the cart's "Try again" pays for them (issue 25).
    await page.getByRole('link', { name: 'Go to your cart' }).click();
    await expect(page.locator('.cart-held').getByTestId('ticket-crop')).toHaveCount(3, { timeout: 15_000 });
    await page
      .locator('.cart-held')
      .getByRole('link', { name: /^Try again ₹/ })
      .click();
    await payInSandbox(page, 'Success', /^Try again ₹/);
    await expect(page.getByTestId('payment-status').getByText(`You're in! 3 tickets in Contest ${slot}`)).toBeVisible({
      timeout: 20_000,
    });
    const rows = page.locator('.payments-table tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('.status-chip--good')).toHaveText('Success');
    await expect(rows.nth(1).locator('.status-chip--bad')).toHaveText('Cancelled');
    await expect(page.locator('.payments-table thead th')).toHaveText([
      'Time/Date',
      'Contest',
      'Ref. No',
      'Txn. Id.',
      'Transaction Status',
      'Total Amount',
      'Mobile no.',
      'Invoice',
    ]);
    await page.screenshot({ path: 'test-results/money-success-1280-en.png', fullPage: true });
    await page.goto(`${page.url()}&lng=hi`);
    await expect(page.getByTestId('payment-status').getByText(`आप शामिल हैं! प्रतियोगिता ${slot} में 3 टिकट`)).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('.payment-status .ticket-crop')).toHaveCount(3);
    await page.screenshot({ path: 'test-results/money-success-1280-hi.png', fullPage: true });
  });
});
