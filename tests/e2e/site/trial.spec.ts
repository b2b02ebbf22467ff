import { expect, type Page, test } from '@playwright/test';
import { expectPictureOnce } from '../support/player.ts';

// The free practice game against the real build and the seeded demo pairs: intro, marking on the
// picture stage, a duplicate rejection, submit, the reveal in ball widths, play again on a new
// picture (no reset of the solved one) and reset while marking; en and hi, on a 360 px touch
// phone, where the picture fills the width with no black bars, and on a desktop. Screenshots of every state go to test-results/screens/.

const texts = {
  en: {
    introTitle: 'Free practice',
    start: 'Start practice',
    add: 'Add ticket',
    submit: 'Submit',
    unmarked: 'Mark all tickets before submitting',
    resultTitle: 'Where the ball was',
    playAgain: 'Play again',
    reset: 'Reset',
    game: (n: number) => `Practice game ${n} of 4`,
    ticketMarked: (n: number) => new RegExp(`^Ticket ${n}, marked \\d+ pixels from the left and \\d+ from the top$`),
    ticketEmpty: (n: number) => `Ticket ${n}: not marked`,
    // The demo pairs know their ball's width: ball widths first, pixels only in the details line.
    distance: /^(On the ball!|Less than a ball width|\d+(\.\d)? ball widths?)$/,
    details: /^\d+(\.\d)? px from the ball's centre$/,
    clear: 'Clear marks',
    hints: 'How to play',
    gotIt: 'Got it',
    readout: (x: string, y: string) => `${x} from left · ${y} from top`,
  },
  hi: {
    introTitle: 'मुफ़्त अभ्यास',
    start: 'अभ्यास शुरू करें',
    add: 'टिकट जोड़ें',
    submit: 'सबमिट करें',
    unmarked: 'सबमिट करने से पहले सभी टिकटों पर निशान लगाएँ',
    resultTitle: 'गेंद यहाँ थी',
    playAgain: 'फिर से खेलें',
    reset: 'रीसेट',
    game: (n: number) => `अभ्यास गेम ${n} / 4`,
    ticketMarked: (n: number) => new RegExp(`^टिकट ${n}, बाएँ से \\d+ पिक्सेल और ऊपर से \\d+ पिक्सेल पर निशान$`),
    ticketEmpty: (n: number) => `टिकट ${n}: निशान नहीं लगा`,
    distance: /^(ठीक गेंद पर!|एक गेंद से भी कम दूर|\d+(\.\d)? गेंद दूर)$/,
    details: /^गेंद के बीच से \d+(\.\d)? पिक्सेल$/,
    clear: 'निशान हटाएँ',
    hints: 'कैसे खेलें',
    gotIt: 'ठीक है',
    readout: (x: string, y: string) => `बाएँ से ${x} · ऊपर से ${y}`,
  },
} as const;

type Lng = keyof typeof texts;

async function stageReady(page: Page) {
  await expect(page.locator('.picture-stage')).toBeVisible();
  await expect(page.locator('.picture-stage[data-loading]')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * The client point of a spot on the picture given as fractions of its size: through the stage's
 * test API when the build has it, else from the canvas box, assuming the fitted picture is
 * centred (the fractions stay near the middle so that they fall on the picture either way).
 */
async function pointOnPicture(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const size = pictureSizes.get(page);
  const viaApi = size
    ? await page.evaluate(
        ([x, y]) => (window.__cricspotStage?.ready ? window.__cricspotStage.imageToClient(x, y) : null),
        [Math.round(size.width * fx), Math.round(size.height * fy)] as const,
      )
    : null;
  if (viaApi) return { x: Math.round(viaApi.x), y: Math.round(viaApi.y) };
  const box = await page.locator('.picture-stage__canvas').boundingBox();
  if (!box) throw new Error('no stage canvas');
  return { x: Math.round(box.x + box.width * fx), y: Math.round(box.y + box.height * (0.5 + (fy - 0.5) * 0.4)) };
}

/** The size of the picture being played, from the API's answer. */
const pictureSizes = new WeakMap<Page, { width: number; height: number }>();
function watchPictures(page: Page) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/v1/practice/pairs/next') || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as {
      data?: { picture?: { width: number; height: number } };
    } | null;
    if (body?.data?.picture) pictureSizes.set(page, body.data.picture);
  });
}

async function tapPicture(page: Page, point: { x: number; y: number }, touch: boolean) {
  if (touch) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
}

/** The on-screen width of the stage's coordinate readout. */
const readoutWidth = (page: Page) =>
  page.getByTestId('stage-readout').evaluate((el) => el.getBoundingClientRect().width);

/**
 * On a phone held upright the fitted picture fills the stage's width, and the stage takes the
 * phone's height: the ticket bar ends at the foot of the screen, with no blank band under it
 * (issue 25), and zoomed in the picture fills that height.
 */
async function fillsTheWidthAndHeight(page: Page) {
  const size = pictureSizes.get(page);
  const canvas = await page.locator('.picture-stage__canvas').boundingBox();
  const bar = await page.locator('.trial-bar').boundingBox();
  const viewport = page.viewportSize();
  if (!size || !canvas || !bar || !viewport) throw new Error('no picture size, stage canvas, bar or viewport');
  expect(canvas.width).toBeGreaterThanOrEqual(viewport.width - 1);
  const view = await page.evaluate(() => window.__cricspotStage!.getView());
  expect(Math.abs(size.width * view.scale - canvas.width)).toBeLessThanOrEqual(1);
  expect(canvas.height).toBeGreaterThanOrEqual((canvas.width * size.height) / size.width - 1);
  expect(Math.abs(bar.y + bar.height - viewport.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(canvas.y + canvas.height - bar.y)).toBeLessThanOrEqual(1);
}

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function playThrough(page: Page, lng: Lng, device: 'phone' | 'desktop') {
  const t = texts[lng];
  const touch = device === 'phone';
  const shot = (name: string) => page.screenshot({ path: `test-results/screens/trial-${device}-${lng}-${name}.png` });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  watchPictures(page);

  await page.goto(`/quick_game?lng=${lng}`);
  await expect(page.getByRole('heading', { level: 1, name: t.introTitle })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await noSideways(page);
  // The viewport as the player sees it: on a phone the start button stays pinned at the bottom.
  await expect(page.getByRole('link', { name: t.start })).toBeInViewport();
  await shot('intro');
  await page.getByRole('link', { name: t.start }).click();

  await expect(page).toHaveURL(/\/quick_game_screen$/);
  await stageReady(page);
  await expect(page.getByText(t.game(1))).toBeVisible();
  // 'Mark all tickets before submitting' only after an attempt: the bar says where to tap.
  await expect(page.getByText(t.unmarked)).toHaveCount(0);
  await expect(page.getByRole('region', { name: t.hints })).toBeVisible();
  await noSideways(page);
  await shot('start');
  await page.getByRole('button', { name: t.gotIt }).click();
  await expect(page.getByRole('region', { name: t.hints })).toHaveCount(0);
  if (touch) await fillsTheWidthAndHeight(page);

  const a = await pointOnPicture(page, 0.35, 0.45);
  const b = await pointOnPicture(page, 0.6, 0.5);
  const c = await pointOnPicture(page, 0.45, 0.6);

  await tapPicture(page, a, touch);
  const first = page.getByRole('button', { name: t.ticketMarked(1) });
  await expect(first).toBeVisible();
  const firstLabel = (await first.getAttribute('aria-label')) ?? '';
  // The chip is read as 'Ticket 1, marked <x> pixels from the left and <y> from the top': its last two numbers.
  const [, ax, ay] = /(\d+)\D+(\d+)\D*$/.exec(firstLabel) ?? [];
  // The readout is for keyboard users: there but out of sight after a tap or a click.
  await expect(page.getByTestId('stage-readout')).toHaveText(t.readout(ax!, ay!));
  expect(await readoutWidth(page)).toBeLessThanOrEqual(1);
  await shot('marked');

  await page.getByRole('button', { name: t.add }).click();
  await tapPicture(page, b, touch);
  await expect(page.getByRole('button', { name: t.ticketMarked(2) })).toBeVisible();

  await page.getByRole('button', { name: t.add }).click();
  await expect(page.getByRole('button', { name: t.ticketEmpty(3) })).toBeVisible();
  // A submit with a ticket unmarked: the spec's words, and what to do.
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alert')).toContainText(t.unmarked);
  await shot('unmarked');
  // A tap on mark 1 selects it (ticket 3 still waits); the next tap on an empty spot places ticket 3.
  await tapPicture(page, a, touch);
  await expect(page.getByRole('button', { name: t.ticketMarked(1) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: t.ticketEmpty(3) })).toBeVisible();

  await tapPicture(page, c, touch);
  await expect(page.getByRole('button', { name: t.ticketMarked(3) })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot('ready');

  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('heading', { name: t.resultTitle })).toBeVisible();
  const rows = page.locator('.trial-result__row');
  await expect(rows).toHaveCount(3);
  for (const distance of await page.locator('.trial-result__distance').allTextContents())
    expect(distance).toMatch(t.distance);
  for (const details of await page.locator('.trial-result__details').allTextContents())
    expect(details).toMatch(t.details);
  await expect(page.locator('.trial-result__row--best')).toHaveCount(1);
  // The solved picture is not offered again: the way on is a new picture or the real contest.
  await expect(page.getByRole('button', { name: t.reset, exact: true })).toHaveCount(0);
  await page.waitForTimeout(1200); // the cross-fade to the original picture
  await noSideways(page);
  await shot('reveal');

  await page.getByRole('button', { name: t.playAgain }).click();
  await expect(page.getByText(t.game(2))).toBeVisible();
  await stageReady(page);
  await expect(page.getByRole('button', { name: t.ticketEmpty(1) })).toBeVisible();
  await tapPicture(page, b, touch);
  await tapPicture(page, c, touch);
  await expect(page.getByRole('button', { name: t.ticketMarked(2) })).toBeVisible();
  // The chip's remove button is a full 44 px touch target.
  const remove = await page.locator('.trial-chip__remove').first().boundingBox();
  expect(remove?.width).toBeGreaterThanOrEqual(44);
  expect(remove?.height).toBeGreaterThanOrEqual(44);
  await shot('second-game');
  await page.getByRole('button', { name: t.reset }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot('reset-question');
  await page.getByRole('button', { name: t.clear }).click();
  await expect(page.locator('.trial-chip')).toHaveCount(1);
  await expect(page.getByRole('button', { name: t.ticketEmpty(1) })).toBeVisible();

  expect(errors).toEqual([]);
}

for (const lng of ['en', 'hi'] as const) {
  test.describe(`practice game on a 360 px phone in ${lng}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    test('intro, mark, duplicate, submit, reveal, play again, reset', async ({ page }) => {
      await playThrough(page, lng, 'phone');
    });

    test('ten tickets: the new chip scrolls into sight, Add stops with the limit text', async ({ page }) => {
      const t = texts[lng];
      await page.goto(`/quick_game_screen?lng=${lng}`);
      await stageReady(page);
      for (let i = 0; i < 9; i += 1) await page.getByRole('button', { name: t.add }).click();
      await expect(page.getByRole('button', { name: t.add })).toBeDisabled();
      await expect(page.locator('.trial-chip--selected')).toBeInViewport({ ratio: 0.9 });
      await expect(page.locator('.trial-bar__hint')).toContainText(
        lng === 'en' ? 'No More Tickets' : 'और टिकट नहीं जोड़े जा सकते',
      );
      await noSideways(page);
      await page.screenshot({ path: `test-results/screens/trial-phone-${lng}-ten-tickets.png` });
    });
  });
}

test("practice game on a desktop, within the site's content security policy", async ({ page }) => {
  // Every script the game runs keeps to the policy (no eval probe, no inline code): the browser refuses nothing.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to: ${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    ),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await playThrough(page, 'en', 'desktop');
  expect(refused).toEqual([]);
});

test('the practice screen, opened anew on a phone, takes its first pair and picture from what its HTML fetched ahead', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const asked: { url: string; by: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/practice/'))
      asked.push({ url: url.pathname + url.search, by: request.resourceType() });
  });
  await page.goto('/quick_game_screen?lng=en');
  await stageReady(page);
  await expect(page.getByText(texts.en.game(1))).toBeVisible();
  // One request (issue 29): the server's preload with the HTML, taken by the trial's own first ask.
  const pairs = asked.filter(({ url }) => url.startsWith('/api/v1/practice/pairs/next'));
  expect(pairs.map(({ url }) => url)).toEqual(['/api/v1/practice/pairs/next']);
  expect(pairs[0]!.by, "asked by the preload, not by the page's script").not.toBe('xhr');
  await expectPictureOnce(page);
});

// The loupe shows the picture's largest copy (562 KB for a demo picture, its phone copy 25-33 KB).
// A phone downloads it when the browser is idle after the first draw; a browser that asks to save
// data only once the loupe comes up (src/stage/scene/Scene.tsx), its first loupe drawn from the
// phone copy meanwhile.
test.describe("the loupe's picture on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  /** Opens the practice screen until its engine is up; the requests for the largest copy so far. */
  async function openCountingLargest(page: Page): Promise<string[]> {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/pictures\/[^/]+\/large(\?|$)/.test(request.url())) asked.push(request.url());
    });
    await page.goto('/quick_game_screen?lng=en');
    await stageReady(page);
    await expect.poll(() => page.evaluate(() => window.__cricspotStage?.ready === true)).toBe(true);
    return asked;
  }

  test('downloaded when the browser is idle', async ({ page }) => {
    const asked = await openCountingLargest(page);
    await expect.poll(() => asked.length).toBe(1);
  });

  test('asking to save data: downloaded once the loupe comes up', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g' }),
      }),
    );
    const asked = await openCountingLargest(page);
    // Longer than the idle wait (at most 1 s after the first draw) the other test's phone needs.
    await page.waitForTimeout(3000);
    expect(asked).toEqual([]);
    const box = (await page.locator('.picture-stage__canvas').boundingBox())!;
    const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await expect.poll(() => asked.length).toBe(1);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // The hold's release placed the first ticket's mark where the loupe aimed.
    await expect(page.getByRole('button', { name: texts.en.ticketMarked(1) })).toBeVisible();
  });
});

test('ticket limit and keyboard marking on the stage', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/quick_game_screen?lng=en');
  await stageReady(page);
  expect(await readoutWidth(page)).toBeLessThanOrEqual(1);
  await page.locator('.picture-stage__canvas').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: texts.en.ticketMarked(1) })).toBeVisible();
  // With the picture focused from the keyboard, the readout shows where the mark is, in words.
  await expect(page.getByTestId('stage-readout')).toHaveText(/^\d+ from left · \d+ from top$/);
  expect(await readoutWidth(page)).toBeGreaterThan(50);
  for (let i = 0; i < 9; i += 1) await page.getByRole('button', { name: 'Add ticket' }).click();
  await expect(page.getByRole('button', { name: 'Add ticket' })).toBeDisabled();
  await expect(page.getByText(/No More Tickets/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/trial-desktop-en-ten-tickets.png' });
});

for (const lng of ['en', 'hi'] as const) {
  test(`'No image pairs available' with a retry on a phone in ${lng}`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // Answered by the server again once `noPairs` is off, without unrouting: in one CI run two of the
    // engine's files, fetched again (routing turns the cache off) as the route was removed, never
    // got an answer, and the stage waited for its engine past the test's time.
    let noPairs = true;
    await page.route('**/api/v1/practice/pairs/next*', (route) =>
      noPairs
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'No image pairs available', code: 'NO_IMAGE_PAIRS' }),
          })
        : route.fallback(),
    );
    await page.goto(`/quick_game_screen?lng=${lng}`);
    await expect(page.getByRole('alert')).toHaveText(
      lng === 'en' ? 'No image pairs available' : 'कोई तस्वीर जोड़ी उपलब्ध नहीं है',
    );
    await page.screenshot({ path: `test-results/screens/trial-phone-${lng}-no-pairs.png` });
    noPairs = false;
    await page.getByRole('button', { name: lng === 'en' ? 'Try again' : 'फिर से कोशिश करें' }).click();
    await stageReady(page);
  });
}

test('a phone held sideways keeps the picture and every control on screen', async ({ page }) => {
  await page.setViewportSize({ width: 740, height: 360 });
  await page.goto('/quick_game_screen?lng=hi');
  await stageReady(page);
  for (let i = 0; i < 9; i += 1) await page.getByRole('button', { name: texts.hi.add }).click();
  await page.screenshot({ path: 'test-results/screens/trial-landscape-hi-ten-tickets.png' });
  await expect(page.getByRole('button', { name: texts.hi.submit })).toBeInViewport();
  await expect(page.getByRole('button', { name: texts.hi.add })).toBeInViewport();
  const stage = await page.locator('.picture-stage').boundingBox();
  expect(stage?.height ?? 0).toBeGreaterThan(250);
  await noSideways(page);
});

for (const viewport of [
  { width: 360, height: 640, name: 'phone' },
  { width: 740, height: 360, name: 'landscape' },
]) {
  test(`ten results on a ${viewport.name} keep the buttons in sight`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/quick_game_screen?lng=hi');
    await stageReady(page);
    for (let i = 0; i < 10; i += 1) {
      if (i > 0) await page.getByRole('button', { name: texts.hi.add }).click();
      await tapPicture(page, await pointOnPicture(page, 0.12 + i * 0.08, 0.5), false);
      await expect(page.getByRole('button', { name: texts.hi.ticketMarked(i + 1) })).toBeVisible();
    }
    await page.getByRole('button', { name: texts.hi.submit }).click();
    await expect(page.locator('.trial-result__row')).toHaveCount(10);
    await page.waitForTimeout(1000);
    for (const name of [texts.hi.playAgain, 'असली प्रतियोगिता खेलें'])
      await expect(page.getByRole('button', { name })).toBeInViewport();
    await expect(page.getByRole('button', { name: texts.hi.reset, exact: true })).toHaveCount(0);
    await noSideways(page);
    await page.screenshot({ path: `test-results/screens/trial-${viewport.name}-hi-ten-results.png` });
  });
}
