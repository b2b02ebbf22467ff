import { expect, type Page } from '@playwright/test';

// The play screen's way in (issue 25), for the journeys that buy tickets on the real build: the
// submit button ("Enter for ₹X") opens the entry sheet, Pay goes to the sandbox's hosted page, and
// the player comes back to the play screen with "You're in".

/** Enters the marked tickets and pays on the sandbox's page; the paid payment's id. */
export async function payOnPlayScreen(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Enter for ₹/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Your entry' });
  const pay = sheet.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(page).toHaveURL(/\/play_screen\?payment=[\w-]+$/, { timeout: 15_000 });
  await expect(sheet.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  return new URL(page.url()).searchParams.get('payment') ?? '';
}

/** The payment id a hosted gateway page sent the player back with (?payment=). */
export const returnedPaymentId = (page: Page): string => new URL(page.url()).searchParams.get('payment') ?? '';
