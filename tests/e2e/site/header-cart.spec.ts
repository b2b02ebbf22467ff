import { expect, test } from '@playwright/test';
import { HEADERS, signUp } from '../support/player.ts';

// The header's cart button on the real build: a logged-in player's pre-rendered page (the player's
// page, sent for a live session) has the button from its first paint, hydrates without an error,
// then shows the cart's count; the HTML itself never carries the count.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('a logged-in player sees the cart count on a pre-rendered page, which hydrates cleanly', async ({ page }) => {
  await signUp(page, '5');
  const contest = (
    (await (await page.request.get('/api/v1/contests/current?lang=en')).json()) as { data: { current: { id: string } } }
  ).data.current;
  const added = await page.request.post('/api/v1/cart/items', {
    headers: HEADERS,
    data: {
      contestId: contest.id,
      tickets: [
        { x: 11, y: 12 },
        { x: 13, y: 14 },
      ],
    },
  });
  expect(added.ok(), await added.text()).toBe(true);

  const html = await (await page.request.get('/rules', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('data-prerendered="en" data-assumed-login');
  expect(html).toContain('class="cart-button');
  expect(html).toContain('aria-label="Cart"');
  expect(html).not.toContain('2 tickets');

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/rules?lng=en');
  const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 2 tickets' });
  await expect(cart).toBeVisible();
  const box = await cart.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  // One row: the header bar is as tall as with no cart button.
  expect((await page.locator('.site-header__bar').boundingBox())?.height).toBeLessThanOrEqual(60);

  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Remove ticket 1' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 ticket' })).toBeVisible();
  expect(errors).toEqual([]);
});
