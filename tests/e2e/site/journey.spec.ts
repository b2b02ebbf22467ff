import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, signUp, tapAt, watchPicture } from '../support/player.ts';

// Issue 6's journey in one go on a 360 px phone, on the real build with the sandbox gateway:
// a new player (signed up with the outbox code) opens /play_screen, marks three tickets by
// tapping the picture (three taps, three tickets; the duplicate refusal is in marking.spec.ts),
// enters them (issue 25's entry sheet) with WELCOME10, pays Success on the sandbox's hosted page,
// is back on the play screen with the three tickets in, sees the payment on /payments and
// downloads the PDF tax invoice.

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test("journey: sign up, mark 3 tickets, entry sheet with WELCOME10, sandbox Success, You're in, /payments, invoice PDF", async ({
  page,
}) => {
  const phone = await signUp(page, '7');
  watchPicture(page);

  // The play screen: three taps on three empty spots, three tickets (duplicates: marking.spec.ts).
  await page.goto('/play_screen?lng=en');
  await expect(page.locator('.picture-stage')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.picture-stage[data-loading]')).toHaveCount(0, { timeout: 20_000 });
  await tapAt(page, 0.25, 0.35);
  await tapAt(page, 0.5, 0.5);
  await tapAt(page, 0.7, 0.6);
  await expect(page.locator('.trial-chip--marked')).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/journey-marked.png' });

  // The entry sheet over the play screen, with the demo promo.
  await page.getByRole('button', { name: /^Enter for ₹/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Your entry' });
  const pay = sheet.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByText('3 tickets')).toBeVisible();
  const before = await pay.textContent();
  await sheet.getByLabel('Promo code').fill('WELCOME10');
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(sheet.getByText('Promo code WELCOME10 applied')).toBeVisible();
  await expect(pay).not.toHaveText(before ?? '');
  await expectNoSidewaysScroll(page);

  // The sandbox's hosted page: Success, back on the play screen with "You're in".
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(page).toHaveURL(/\/play_screen\?payment=[\w-]+$/, { timeout: 15_000 });
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  await expect(sheet.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByTestId('ticket-crop')).toHaveCount(3);
  await page.goto(`/payments?payment=${paymentId}&lng=en`);
  const panel = page.getByTestId('payment-status');
  await expect(panel.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  const row = page.locator('.payments-table tbody tr').first();
  await expect(row).toContainText('Success');
  await expect(row).toContainText(phone);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/journey-paid.png', fullPage: true });

  // The tax invoice for this payment, as its owner: a PDF.
  const invoice = await page.request.get(`/api/v1/payments/${encodeURIComponent(paymentId)}/invoice`);
  expect(invoice.status(), await invoice.text().catch(() => '')).toBe(200);
  expect(invoice.headers()['content-type']).toContain('application/pdf');
  expect((await invoice.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
});
