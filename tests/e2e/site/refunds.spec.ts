import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, signUp } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

// Issue 26's refunds on the real build with the sandbox gateway: a player pays for tickets (asked
// their state for the invoice at this first purchase), the operator cancels the contest in the
// console, and the player's /payments says Refunded with the credit note beside the invoice. The
// contest is one of this spec's own, open for three hours beside the week's (its window starts a
// minute after the week's, so the week's stays the current one), made in the database as an
// operator's test contest would be: the other journeys keep the week's open contest.

test.setTimeout(180_000);

function paidContest(title: string): string {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'cricspot.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    const now = Date.now();
    const week = db
      .prepare("SELECT * FROM contests WHERE state = 'upcoming' AND opens_at <= ? AND closes_at > ? ORDER BY opens_at")
      .get(now, now) as Record<string, unknown> | undefined;
    if (!week) throw new Error('no open contest to copy');
    const id = crypto.randomUUID();
    const row: Record<string, unknown> = {
      ...week,
      id,
      window_key: `e2e-refunds-${id.slice(0, 8)}`,
      opens_at: Math.max(Number(week.opens_at) + 60_000, now - 30_000),
      closes_at: now + 3 * 3_600_000,
      show_at: now + 4 * 3_600_000,
      prize_title_en: title,
      ticket_price_paise: 4900,
      created_at: now,
      updated_at: now,
    };
    const columns = Object.keys(row);
    db.prepare(`INSERT INTO contests (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
      ...columns.map((c) => row[c] as string | number | null),
    );
    return id;
  } finally {
    db.close();
  }
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

test('a paid contest cancelled from the console: the player’s /payments says Refunded with the credit note', async ({
  browser,
}) => {
  const title = `Refund test bat ${Date.now()}`;
  const contestId = paidContest(title);

  // The player (a phone): two tickets, the first purchase asks the state, the sandbox's Success.
  const phoneContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const player = await phoneContext.newPage();
  await signUp(player, '6', 'Meera', { supplyState: null });
  const tickets = [
    { x: 321, y: 234 },
    { x: 456, y: 345 },
  ];
  const added = await player.request.post('/api/v1/cart/items', { headers: HEADERS, data: { contestId, tickets } });
  expect(added.ok(), await added.text()).toBe(true);
  await player.goto(`/popupCheckout?contest=${contestId}&lng=en`);
  const pay = player.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.click();
  await expect(player.getByRole('heading', { name: 'Your state, for the tax invoice' })).toBeVisible();
  // The location check stood in Mumbai: Maharashtra is picked already.
  await expect(player.getByLabel('State or union territory')).toHaveValue('27');
  await expectNoSidewaysScroll(player);
  await player.screenshot({ path: 'test-results/screens/refunds-state-question-360-en.png', fullPage: true });
  await player.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(player).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
  await player.getByRole('button', { name: 'Success', exact: true }).click();
  // The sandbox sends the player back to the checkout, which watches the payment to "You're in!".
  await expect(player).toHaveURL(/\/popupCheckout\?contest=[\w-]+&payment=[\w-]+/, { timeout: 15_000 });
  const paymentId = new URL(player.url()).searchParams.get('payment')!;
  await expect(player.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  await player.goto(`/payments?payment=${paymentId}&lng=en`);
  await expect(player.getByTestId('payment-status').getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 20_000,
  });
  const row = player.locator('.payments-table tbody tr').first();
  await expect(row).toContainText('Success');
  await expect(row.getByRole('link', { name: 'Download invoice' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Download credit note' })).toHaveCount(0);

  // The operator (a laptop) cancels that contest in the console.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await laptop.newPage();
  await logInAs(admin, createAdmin('Kiran', 'Shah'));
  await admin.goto('/admin/contests?lng=en');
  const item = admin.locator('.contest-item', { hasText: title });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await item.getByRole('button', { name: 'Cancel contest' }).click();
  await item.getByLabel('Why is it cancelled?').fill('The prize sponsor withdrew.');
  await item.getByRole('button', { name: 'Continue' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('will be refunded');
  await dialog.getByRole('button', { name: 'Cancel the contest' }).click();
  await expect(admin.locator('.console-notice')).toContainText('has been cancelled');

  // The console counts it as refunded and gives the operator the credit note too.
  await admin.goto('/admin/payments?lng=en');
  await expect(admin.getByLabel('Payment counts')).toContainText('Refunded');
  await admin.getByLabel('Show').selectOption('refunded');
  await admin.getByRole('button', { name: 'Show' }).click();
  const card = admin.locator('.payment-card', { hasText: 'Meera' }).first();
  await expect(card).toContainText('Refunded');
  await expect(card).toContainText('Place of supply: Maharashtra (27)');
  const operatorCopy = await downloaded(admin, () => card.getByRole('link', { name: /^Credit note CN\// }).click());
  expect(operatorCopy.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await admin.screenshot({ path: 'test-results/screens/refunds-console-1280-en.png', fullPage: true });

  // The player's payments: still Success, and Refunded beside it with the amount, the day and the credit note.
  await player.goto(`/payments?payment=${paymentId}&lng=en`);
  const refundedRow = player.locator('.payments-table tbody tr').first();
  await expect(refundedRow.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(refundedRow).toContainText('Success');
  await expect(refundedRow.locator('.payment-refund__detail')).toContainText(/^₹[\d.,]+ on \d{1,2} \w{3} \d{4}$/);
  const link = refundedRow.getByRole('link', { name: 'Download credit note' });
  await expect(link).toHaveAttribute('href', `/api/v1/payments/${paymentId}/credit-note`);
  await expect(player.getByTestId('payment-status')).toContainText('The whole amount has been refunded');
  await expectNoSidewaysScroll(player);
  await player.screenshot({ path: 'test-results/screens/refunds-payments-360-en.png', fullPage: true });
  const note = await downloaded(player, () => link.click());
  expect(note.name).toMatch(/^CN-\d{2}-\d{2}-\d{6}\.pdf$/);
  expect(note.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await player.goto(`/payments?lng=hi`);
  await expect(player.locator('.payments-table tbody tr').first().getByText('रिफ़ंड हो गया')).toBeVisible({
    timeout: 15_000,
  });
  await expect(player.getByRole('link', { name: 'क्रेडिट नोट डाउनलोड करें' }).first()).toBeVisible();
  await expectNoSidewaysScroll(player);
  await player.screenshot({ path: 'test-results/screens/refunds-payments-360-hi.png', fullPage: true });

  await phoneContext.close();
  await laptop.close();
});
