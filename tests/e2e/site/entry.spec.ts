import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, signUp, stageReady, tapAt, watchPicture } from '../support/player.ts';

// Issue 25 on the real build with the sandbox gateway: the all-in price (₹49 entry incl. GST + ₹2
// fee + 18% GST on it = ₹51.36) on the home card and the play screen, the entry sheet over the
// play screen with the promo code and Pay, a failed payment with its reason and "Try again ₹X" on
// the same screen, and "You're in" with Share; the tap count from the home page to a paid ticket.

const ALL_IN = '₹51.36';

/** The player's own tickets of the open contest, as the server holds them. */
async function myTickets(page: Page): Promise<number> {
  const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
  return ((await answer.json()) as { data: { current: { myTickets: number } } }).data.current.myTickets;
}

/** The sandbox's hosted page: its choice, with a failure's reason as Razorpay would send it. */
async function sandbox(
  page: Page,
  choice: 'Success' | 'Cancel' | { failure: string },
  act: (l: Locator) => Promise<void>,
) {
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\/order_\w+\?returnTo=play$/, { timeout: 15_000 });
  await expect(page.getByText('SANDBOX: no real money moves')).toBeVisible();
  if (typeof choice === 'string') await act(page.getByRole('button', { name: choice, exact: true }));
  else {
    await page.getByLabel('Reason the gateway gives for a failure').selectOption({ label: choice.failure });
    await act(page.getByRole('button', { name: 'Failure', exact: true }));
  }
  await expect(page).toHaveURL(/\/play_screen\?payment=[\w-]+$/, { timeout: 15_000 });
}

// Each journey passes through the gateway's page and back, once or twice: more than a minute on a
// busy machine with a software-rendered stage.
test.describe.configure({ timeout: 150_000 });

test.describe('phone, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('a new player: from the home page to a confirmed paid ticket in at most 6 taps after login', async ({
    page,
  }) => {
    await signUp(page, '1');
    watchPicture(page);
    const before = await myTickets(page);
    // Every tap the test makes after login, counted.
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.tap();
    };

    await page.goto('/?lng=en');
    const price = page.getByTestId('contest-card-price');
    await expect(price).toContainText(ALL_IN, { timeout: 15_000 });
    await expect(price).not.toContainText('+ fee');
    await tap(page.getByRole('button', { name: /^Play( now)?$/ }));
    await expect(page).toHaveURL(/\/play_screen$/);
    await stageReady(page);
    taps += 1;
    await tapAt(page, 0.41, 0.36);
    await expect(page.getByText(`${ALL_IN} per ticket, all in`)).toBeVisible();
    await tap(page.getByRole('button', { name: `Enter for ${ALL_IN}` }));
    const sheet = page.getByRole('dialog', { name: 'Your entry' });
    await expect(sheet.getByTestId('entry-total')).toHaveText(ALL_IN, { timeout: 15_000 });
    await tap(sheet.getByRole('button', { name: `Pay ${ALL_IN}` }));
    await sandbox(page, 'Success', tap);
    await expect(sheet.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
    await expect(sheet.getByTestId('ticket-crop')).toHaveCount(1);
    expect(taps).toBeLessThanOrEqual(6);
    test
      .info()
      .annotations.push({ type: 'taps from the home page to a paid ticket, after login', description: `${taps}` });
    expect(await myTickets(page)).toBe(before + 1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/entry-youre-in-360-en.png' });
  });

  test('the entry sheet: promo messages, Pay, a failure with its reason, Try again on the same screen, then in', async ({
    page,
  }) => {
    await signUp(page, '2');
    watchPicture(page);
    const tap = (target: Locator) => target.tap();
    await page.goto('/play_screen?lng=en');
    await stageReady(page);
    await tapAt(page, 0.27, 0.33);
    await page.getByRole('button', { name: 'Add ticket' }).tap();
    await tapAt(page, 0.66, 0.52);
    await expect(page.getByText('Total: ₹102.72')).toBeVisible();
    await page.getByRole('button', { name: 'Enter for ₹102.72' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Your entry' });
    await expect(sheet.getByTestId('entry-total')).toHaveText('₹102.72', { timeout: 15_000 });
    await expect(sheet.getByText('2 tickets')).toBeVisible();
    // The bill's lines, folded under the total, in the spec's order.
    await sheet.getByText('Bill details').tap();
    await expect(sheet.locator('.bill dt')).toHaveText([
      'Items Total',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    // The spec's promo messages.
    await sheet.getByRole('button', { name: 'Apply' }).tap();
    await expect(sheet.getByRole('alert')).toHaveText('Please enter a promo code');
    await sheet.getByLabel('Promo code').fill('NOSUCHCODE');
    await sheet.getByRole('button', { name: 'Apply' }).tap();
    await expect(sheet.getByRole('alert')).toHaveText('Invalid Promo Code');
    await sheet.getByLabel('Promo code').fill('WELCOME10');
    await sheet.getByRole('button', { name: 'Apply' }).tap();
    await expect(sheet.getByText('Promo code WELCOME10 applied')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Apply' })).toBeDisabled();
    const pay = sheet.getByRole('button', { name: /^Pay ₹/ });
    await expect(pay).toHaveText('Pay ₹92.92');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/entry-sheet-promo-360-en.png' });

    await pay.tap();
    await sandbox(page, { failure: 'Not enough balance' }, tap);
    await expect(sheet.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 20_000 });
    await expect(sheet.getByText('Your account did not have enough balance.')).toBeVisible();
    await expect(
      sheet.getByText(/^No money was taken\. Your tickets are held for you until \d\d:\d\d\.$/),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/entry-failed-360-en.png' });
    // A new attempt on the same tickets, at the same price (the promo counted again).
    await sheet.getByRole('button', { name: 'Try again ₹92.92' }).tap();
    await sandbox(page, 'Success', tap);
    await expect(sheet.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
    await expect(sheet.getByText('2 tickets in Contest')).toBeVisible();
    await expect(sheet.getByTestId('ticket-crop')).toHaveCount(2);
    await expect(sheet.getByRole('link', { name: 'My entries' })).toHaveAttribute('href', '/my_entries');
    // Back to marking: the two tickets are locked on the picture now.
    await sheet.getByRole('button', { name: 'Mark more tickets' }).tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/Locked on the picture: 2 tickets entered\./)).toBeVisible({ timeout: 15_000 });
    const payments = await (await page.request.get('/api/v1/payments')).json();
    expect((payments as { data: Array<{ status: string }> }).data.map((p) => p.status).sort()).toEqual([
      'failed',
      'success',
    ]);
  });

  test('in Hindi: the all-in price, the sheet and the sandbox payment page', async ({ page }) => {
    await signUp(page, '3');
    watchPicture(page);
    await page.goto('/?lng=hi');
    await expect(page.getByTestId('contest-card-price')).toContainText(ALL_IN, { timeout: 15_000 });
    await expect(page.getByTestId('contest-card-price')).toContainText('सब मिलाकर');
    await page.goto('/play_screen?lng=hi');
    await stageReady(page);
    await tapAt(page, 0.52, 0.29);
    await expect(page.getByText(`${ALL_IN} प्रति टिकट, सब मिलाकर`)).toBeVisible();
    await page.getByRole('button', { name: `${ALL_IN} में प्रवेश करें` }).tap();
    const sheet = page.getByRole('dialog', { name: 'आपकी प्रविष्टि' });
    await expect(sheet.getByTestId('entry-total')).toHaveText(ALL_IN, { timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/entry-sheet-360-hi.png' });
    await sheet.getByRole('button', { name: `${ALL_IN} का भुगतान करें` }).tap();
    await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
    await expect(page.getByText('सैंडबॉक्स: कोई असली पैसा नहीं कटता')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.screenshot({ path: 'test-results/entry-sandbox-360-hi.png', fullPage: true });
    await page.getByRole('button', { name: 'रद्द करें', exact: true }).tap();
    await expect(page).toHaveURL(/\/play_screen\?payment=[\w-]+$/, { timeout: 15_000 });
    await expect(sheet.getByRole('heading', { name: 'भुगतान रद्द किया गया' })).toBeVisible({ timeout: 20_000 });
    await expect(sheet.getByRole('button', { name: `फिर से कोशिश करें ${ALL_IN}` })).toBeVisible();
    await page.screenshot({ path: 'test-results/entry-cancelled-360-hi.png' });
  });
});

test.describe('laptop, mouse', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** A mouse click on a point of the picture (fractions of its size), as a laptop player marks. */
  async function clickAt(page: Page, fx: number, fy: number) {
    const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
    const { width, height } = (
      (await answer.json()) as { data: { current: { picture: { width: number; height: number } } } }
    ).data.current.picture;
    let point: { x: number; y: number } | null = null;
    await expect(async () => {
      point = await page.evaluate(
        ([x, y]) => (window.__cricspotStage?.ready ? window.__cricspotStage.imageToClient(x, y) : null),
        [Math.round(width * fx), Math.round(height * fy)] as const,
      );
      expect(point).not.toBeNull();
    }).toPass({ timeout: 10_000 });
    const p = point as unknown as { x: number; y: number };
    await page.mouse.move(Math.round(p.x), Math.round(p.y));
    await page.mouse.click(Math.round(p.x), Math.round(p.y));
    await expect(page.locator('.trial-chip--marked')).toHaveCount(1, { timeout: 3_000 });
  }

  test('the all-in price, the sheet with a promo, a failure and Try again, then in; Share copies the link', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page, '4');
    watchPicture(page);
    await page.goto('/?lng=en');
    await expect(page.getByTestId('contest-card-price')).toContainText(ALL_IN, { timeout: 15_000 });
    await page.locator('.contest-card').screenshot({ path: 'test-results/entry-card-1280-en.png' });
    await page.getByRole('button', { name: /^Play( now)?$/ }).click();
    await stageReady(page);
    await expect(async () => clickAt(page, 0.58, 0.31)).toPass({ timeout: 15_000 });
    await expect(page.getByText(`${ALL_IN} per ticket, all in`)).toBeVisible();
    await page.getByRole('button', { name: `Enter for ${ALL_IN}` }).click();
    const sheet = page.getByRole('dialog', { name: 'Your entry' });
    await expect(sheet.getByRole('button', { name: `Pay ${ALL_IN}` })).toBeEnabled({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/entry-sheet-1280-en.png' });
    // The promo code, applied with the mouse: 10% off the entry, the fee and its GST stay.
    await sheet.getByLabel('Promo code').fill('WELCOME10');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(sheet.getByText('Promo code WELCOME10 applied')).toBeVisible();
    await sheet.getByRole('button', { name: 'Pay ₹46.46' }).click();
    await sandbox(page, { failure: 'Card declined by the bank' }, (l) => l.click());
    await expect(sheet.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 20_000 });
    await expect(sheet.getByText('Your bank declined the payment.')).toBeVisible();
    await page.screenshot({ path: 'test-results/entry-failed-1280-en.png' });
    await sheet.getByRole('button', { name: 'Try again ₹46.46' }).click();
    await sandbox(page, 'Success', (l) => l.click());
    await expect(sheet.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/entry-youre-in-1280-en.png' });
    // Without the Web Share API (a desktop browser) the link is copied, and that is said.
    const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
    await sheet.getByRole('button', { name: 'Share' }).click();
    if (!hasShare) {
      await expect(sheet.getByText('Link copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/[^/]+\/$/);
    }
  });
});
