import { expect, type Page, test } from '@playwright/test';

// Issue 6 on the real build: sign up through the API, mark three tickets on the open contest's
// picture by tapping the canvas, hit a duplicate, add to the cart and see the bill.

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

interface OutboxMessage {
  recipient: string;
  body: string;
}

async function codeFor(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const answer = await page.request.get('/api/v1/dev/outbox');
    const { messages } = ((await answer.json()) as { data: { messages: OutboxMessage[] } }).data;
    code = /\b(\d{6})\b/.exec(messages.find((m) => m.recipient.endsWith(phone) && /\b\d{6}\b/.test(m.body))?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  return code;
}

/** A new verified user, logged in in this page's context (cookie from the API, marker in storage). */
async function signUp(page: Page, tag: string) {
  const stamp = `${Date.now()}`.slice(-8) + tag;
  const phone = `9${stamp}`;
  const signup = await page.request.post('/api/v1/auth/signup', {
    headers: HEADERS,
    data: {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: `ravi.${stamp}@gmail.com`,
      phone,
      password: 'Cricket@123',
      confirmPassword: 'Cricket@123',
      agreeLegal: true,
      agreeRules: true,
      agreeAge: true,
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { otpToken } = ((await signup.json()) as { data: { otpToken: string } }).data;
  const verify = await page.request.post('/api/v1/auth/otp/verify', { headers: HEADERS, data: { otpToken, otp: await codeFor(page, phone) } });
  expect(verify.ok(), await verify.text()).toBe(true);
  await page.addInitScript(() => window.localStorage.setItem('loginToken', String(Date.now())));
}

const pictureSizes = new WeakMap<Page, { width: number; height: number }>();
function watchPicture(page: Page) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/v1/contests/current') || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { data?: { current?: { picture?: { width: number; height: number } } } } | null;
    if (body?.data?.current?.picture) pictureSizes.set(page, body.data.current.picture);
  });
}

async function tapAt(page: Page, fx: number, fy: number) {
  const size = pictureSizes.get(page);
  if (!size) throw new Error('no picture size');
  let point: { x: number; y: number } | null = null;
  await expect(async () => {
    point = await page.evaluate(([x, y]) => (window.__cricspotStage?.ready ? window.__cricspotStage.imageToClient(x, y) : null), [Math.round(size.width * fx), Math.round(size.height * fy)] as const);
    expect(point).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  const p = point as unknown as { x: number; y: number };
  await page.touchscreen.tap(Math.round(p.x), Math.round(p.y));
}

async function stageReady(page: Page) {
  await expect(page.locator('.picture-stage')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.picture-stage[data-loading]')).toHaveCount(0, { timeout: 20_000 });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const texts = {
  en: { add: 'Add ticket', submit: 'Add to cart', duplicate: 'Duplicate Coordinates', dismiss: 'Dismiss', cart: 'Your cart', grand: 'Grand Total', play: 'Play now' },
  hi: { add: 'टिकट जोड़ें', submit: 'कार्ट में डालें', duplicate: 'यही निर्देशांक पहले से है', dismiss: 'बंद करें', cart: 'आपका कार्ट', grand: 'कुल योग', play: 'अभी खेलें' },
} as const;

for (const lng of ['en', 'hi'] as const) {
  test(`play: three tickets, a duplicate, the cart's bill (${lng})`, async ({ page }) => {
    const tx = texts[lng];
    await signUp(page, lng === 'en' ? '1' : '2');
    watchPicture(page);

    await page.goto(`/?lng=${lng}`);
    await expect(page.getByRole('button', { name: tx.play })).toBeVisible({ timeout: 15_000 });
    await page.locator('.contest-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/play-home-card-${lng}.png`, fullPage: false });
    await page.locator('.contest-card').screenshot({ path: `test-results/play-card-${lng}.png` });
    await page.getByRole('button', { name: tx.play }).click();

    await expect(page).toHaveURL(/\/play_screen$/);
    await stageReady(page);
    await tapAt(page, 0.3, 0.4);
    await page.getByRole('button', { name: tx.add }).click();
    await tapAt(page, 0.5, 0.5);
    await page.getByRole('button', { name: tx.add }).click();
    await tapAt(page, 0.5, 0.5);
    await expect(page.getByRole('alert')).toHaveText(tx.duplicate);
    await page.screenshot({ path: `test-results/play-duplicate-${lng}.png` });
    await page.getByRole('button', { name: tx.dismiss }).click();
    await tapAt(page, 0.6, 0.55);
    await expect(page.locator('.trial-chip--marked')).toHaveCount(3);
    await page.screenshot({ path: `test-results/play-marked-${lng}.png` });
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: tx.submit }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: tx.cart })).toBeVisible();
    await expect(page.getByText(tx.grand)).toBeVisible();
    await expect(page.locator('.cart-ticket')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/play-cart-${lng}.png`, fullPage: true });
  });
}
