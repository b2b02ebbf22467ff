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
    code =
      /\b(\d{6})\b/.exec(
        messages.find((m) => m.recipient.endsWith(phone) && /\b\d{6}\b/.test(m.body))?.body ?? '',
      )?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  return code;
}

/** Where the site's browsers stand (playwright.config.ts): Mumbai, Maharashtra, an allowed state. */
export const MUMBAI = { latitude: 19.076, longitude: 72.8777, accuracy: 50 };
/** Hyderabad, Telangana: a state where contests are refused by default (RESTRICTED_STATES). */
export const HYDERABAD = { latitude: 17.385, longitude: 78.4867, accuracy: 50 };

/**
 * The session's location check, as the location gate makes it in the browser; specs that fill the
 * cart through the API need it, or the server answers 428 LOCATION_REQUIRED.
 */
export async function confirmLocation(
  page: Page,
  at: { latitude: number; longitude: number; accuracy?: number } = MUMBAI,
) {
  const answer = await page.request.post('/api/v1/location', { headers: HEADERS, data: at });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * A new verified user, logged in in this page's context (cookie from the API, marker in storage),
 * with the session's location checked in Mumbai unless `location: null` leaves that to the page,
 * and their state for the tax invoice given (Maharashtra, '27'; a paid order needs one) unless
 * `supplyState: null` leaves the first purchase to ask it.
 */
export async function signUp(
  page: Page,
  tag: string,
  firstName = 'Ravi',
  { location = MUMBAI, supplyState = '27' }: { location?: typeof MUMBAI | null; supplyState?: string | null } = {},
): Promise<string> {
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
  const verify = await page.request.post('/api/v1/auth/otp/verify', {
    headers: HEADERS,
    data: { otpToken, otp: await codeFor(page, phone) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  if (location) await confirmLocation(page, location);
  if (supplyState) {
    const state = await page.request.put('/api/v1/account/supply-state', {
      headers: HEADERS,
      data: { stateCode: supplyState },
    });
    expect(state.ok(), await state.text()).toBe(true);
  }
  await page.addInitScript(() => window.localStorage.setItem('loginToken', String(Date.now())));
  return phone;
}

const pictureSizes = new WeakMap<Page, { width: number; height: number }>();
export function watchPicture(page: Page) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/v1/contests/current') || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as {
      data?: { current?: { picture?: { width: number; height: number } } };
    } | null;
    if (body?.data?.current?.picture) pictureSizes.set(page, body.data.current.picture);
  });
}

export async function tapAt(page: Page, fx: number, fy: number) {
  const size = pictureSizes.get(page);
  if (!size) throw new Error('no picture size');
  let point: { x: number; y: number } | null = null;
  await expect(async () => {
    point = await page.evaluate(
      ([x, y]) => (window.__cricspotStage?.ready ? window.__cricspotStage.imageToClient(x, y) : null),
      [Math.round(size.width * fx), Math.round(size.height * fy)] as const,
    );
    expect(point).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  const p = point as unknown as { x: number; y: number };
  await page.touchscreen.tap(Math.round(p.x), Math.round(p.y));
}

export async function stageReady(page: Page) {
  await expect(page.locator('.picture-stage')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.picture-stage[data-loading]')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * A game screen opened anew on a phone: its picture downloaded once (issue 29). The stage draws
 * the phone copy the page preloaded by the screen's stable address, taken from the browser's cache
 * (src/stage/picture-bitmaps.ts), instead of fetching it again by the picture's own address.
 */
export async function expectPictureOnce(page: Page) {
  const pictures = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\/api\/v1\/.*picture.*\?w=800$/.test(entry.name))
      .map((entry) => ({ path: new URL(entry.name).pathname, by: entry.initiatorType, bytes: entry.transferSize })),
  );
  expect(pictures.filter((entry) => entry.path.startsWith('/api/v1/pictures/'))).toEqual([]);
  const fetched = pictures.filter((entry) => entry.by === 'fetch');
  expect(fetched.length, JSON.stringify(pictures)).toBe(1);
  expect(fetched[0]!.bytes, "the stage's copy came from the cache").toBe(0);
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
