import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, HEADERS, signUp, stageReady, tapAt, watchPicture } from '../support/player.ts';
import { createAdmin } from '../support/staff.ts';

// Issue 26 on the real build: an admin switches paid play off through the console's API; the home
// card says Free entry with no price, a player marks two tickets and confirms them with one button,
// no payment screen is visited, and the tickets are confirmed. The switch goes back to the
// environment's default afterwards (the other specs pay with the sandbox).

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

/** Logs the admin in on their own request context, as the console would, and returns the switch. */
async function paidPlaySwitch(request: APIRequestContext) {
  const admin = createAdmin('Farah', 'Khan');
  const login = await request.post('/api/v1/auth/login', {
    headers: HEADERS,
    data: { identifier: admin.email, password: admin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return {
    off: async () => {
      const answer = await request.put('/api/v1/admin/settings/paid-play', {
        headers: HEADERS,
        data: { enabled: false },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      expect(((await answer.json()) as { data: { paidPlay: { enabled: boolean } } }).data.paidPlay.enabled).toBe(false);
    },
    backToDefault: async () => {
      const answer = await request.delete('/api/v1/admin/settings/paid-play', { headers: HEADERS });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
  };
}

for (const lng of ['en', 'hi'] as const) {
  test(`paid play off: Free entry on the card, two tickets confirmed with one button, no payment screen (${lng})`, async ({
    page,
    request,
  }) => {
    const texts = {
      en: { free: 'Free entry', play: /^Play( now)?$/, enter: 'Enter free', add: 'Add ticket', in: "You're in!" },
      hi: { free: 'मुफ़्त प्रवेश', play: /^(अभी )?खेलें$/, enter: 'मुफ़्त प्रवेश करें', add: 'टिकट जोड़ें', in: 'आप शामिल हैं!' },
    }[lng];
    const paidPlay = await paidPlaySwitch(request);
    await paidPlay.off();
    try {
      await signUp(page, lng === 'en' ? '5' : '6');
      watchPicture(page);
      // The paid-play announcement (its own spec covers it) is answered whenever it comes up.
      await page.addLocatorHandler(page.getByRole('dialog', { name: /^(Announcement|घोषणा)$/ }), async (dialog) => {
        await dialog.getByRole('button').first().tap();
      });
      // Every address the player's browser visits or calls, to show no payment screen is involved.
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      const calls: string[] = [];
      page.on('request', (req) => calls.push(new URL(req.url()).pathname));

      await page.goto(`/?lng=${lng}`);
      const price = page.getByTestId('contest-card-price');
      await expect(price).toContainText(texts.free, { timeout: 15_000 });
      await expect(price).not.toContainText('₹');
      await page.locator('.contest-card').scrollIntoViewIfNeeded();
      await page.locator('.contest-card').screenshot({ path: `test-results/free-play-card-360-${lng}.png` });
      await page.getByRole('button', { name: texts.play }).tap();
      await stageReady(page);
      await tapAt(page, 0.33, 0.47);
      await page.getByRole('button', { name: texts.add }).tap();
      await tapAt(page, 0.71, 0.41);
      await expect(page.locator('.trial-chip--marked')).toHaveCount(2);
      await expect(page.locator('.play-summary')).not.toContainText('₹');
      await page.screenshot({ path: `test-results/free-play-marked-360-${lng}.png` });
      await page.getByRole('button', { name: texts.enter, exact: true }).tap();
      const sheet = page.getByRole('dialog');
      await expect(sheet.getByRole('heading', { name: texts.in })).toBeVisible({ timeout: 20_000 });
      await expect(sheet.getByTestId('ticket-crop')).toHaveCount(2);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/free-play-in-360-${lng}.png` });

      // No cart, checkout, payment or invoice screen, and no payment call.
      expect(visited.filter((path) => /^\/(cart|popupCheckout|payments|sandbox-gateway)/.test(path))).toEqual([]);
      expect(calls.filter((path) => /^\/(api\/v1\/payments|sandbox-gateway)/.test(path))).toEqual([]);
      // Confirmed on the server: the player's two tickets, and nothing waiting in the cart.
      const current = await (await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } })).json();
      expect(
        (current as { data: { current: { myTickets: number; ticketPricePaise: number } } }).data.current,
      ).toMatchObject({
        myTickets: 2,
        ticketPricePaise: 0,
      });
      const cart = await (await page.request.get('/api/v1/cart')).json();
      expect((cart as { data: { groups: unknown[]; held: unknown[] } }).data).toMatchObject({ groups: [], held: [] });
      const payments = await (await page.request.get('/api/v1/payments')).json();
      expect((payments as { data: unknown[] }).data).toEqual([]);

      // The rules say so too, with no price.
      await page.goto(`/rules?lng=${lng}`);
      await expect(
        page.getByRole('heading', { name: lng === 'en' ? 'Paid play is suspended' : 'सशुल्क खेल निलंबित है' }),
      ).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('.info-page')).not.toContainText('₹');
    } finally {
      await paidPlay.backToDefault();
    }
  });
}

test('paid play switched off while the player is at the gateway: no money taken, told why, tickets entered free from the cart', async ({
  page,
  request,
}) => {
  const paidPlay = await paidPlaySwitch(request);
  await signUp(page, '7');
  await page.addLocatorHandler(page.getByRole('dialog', { name: /^Announcement$/ }), async (dialog) => {
    await dialog.getByRole('button').first().tap();
  });
  // Two tickets in the cart, and the checkout's Pay: the sandbox's hosted page is the gateway.
  const answer = await page.request.get('/api/v1/contests/current', { params: { lang: 'en' } });
  const current = ((await answer.json()) as { data: { current: { id: string; picture: { width: number } } } }).data
    .current;
  const tickets = [
    { x: 101, y: 211 },
    { x: Math.round(current.picture.width * 0.5), y: 307 },
  ];
  expect(
    (
      await page.request.post('/api/v1/cart/items', { headers: HEADERS, data: { contestId: current.id, tickets } })
    ).ok(),
  ).toBe(true);
  await page.goto(`/popupCheckout?contest=${current.id}&lng=en`);
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.tap();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\//, { timeout: 15_000 });
  await paidPlay.off();
  try {
    // The player pays anyway: the money goes back and the page says why.
    await page.getByRole('button', { name: 'Success', exact: true }).tap();
    const panel = page.getByTestId('payment-status');
    await expect(panel.getByRole('heading', { name: /^Payment (refunded|being refunded)$/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel).toContainText('Paid play was suspended before your payment arrived');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/free-play-refunded-at-gateway-360-en.png' });
    // The tickets wait in the cart, entered free with one button.
    await panel.getByRole('link', { name: 'Go to your cart' }).tap();
    await expect(page.locator('.cart-ticket')).toHaveCount(2, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Enter free' }).first().tap();
    await expect(page.getByText('Your free entry is confirmed. Your tickets:')).toBeVisible({ timeout: 15_000 });
    const payments = (await (await page.request.get('/api/v1/payments')).json()) as {
      data: Array<{ status: string; refundCode: string | null; invoice: unknown }>;
    };
    expect(payments.data).toEqual([
      expect.objectContaining({ status: 'error', refundCode: 'paidPlayOff', invoice: null }),
    ]);
  } finally {
    await paidPlay.backToDefault();
  }
});
