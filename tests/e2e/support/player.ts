import { expect, type Page } from '@playwright/test';

// What the player journeys on the real build share: a verified player made through the API (the
// code read from the development outbox), and taps on exact picture pixels through the stage's
// test API.

export const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

interface OutboxMessage {
  recipient: string;
  body: string;
}

export async function codeFor(page: Page, phone: string): Promise<string> {
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
export async function signUp(page: Page, tag: string, firstName = 'Ravi'): Promise<string> {
  const stamp = `${Date.now()}`.slice(-8) + tag;
  const phone = `9${stamp}`;
  const signup = await page.request.post('/api/v1/auth/signup', {
    headers: HEADERS,
    data: {
      firstName,
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
  return phone;
}

const pictureSizes = new WeakMap<Page, { width: number; height: number }>();
export function watchPicture(page: Page) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/v1/contests/current') || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { data?: { current?: { picture?: { width: number; height: number } } } } | null;
    if (body?.data?.current?.picture) pictureSizes.set(page, body.data.current.picture);
  });
}

export async function tapAt(page: Page, fx: number, fy: number) {
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

export async function stageReady(page: Page) {
  await expect(page.locator('.picture-stage')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.picture-stage[data-loading]')).toHaveCount(0, { timeout: 20_000 });
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
