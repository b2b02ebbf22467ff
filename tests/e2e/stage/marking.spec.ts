import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type PixelPoint, StagePage } from './stage-page.ts';

// Tap-to-place on the stage's development page (issue 25), where the marks behave as the game's
// machines make them: a tap on an empty spot places a new mark, a tap within 12 screen px of a
// mark selects it, the selected mark drags and has a delete control, and the zoom hint fades
// after the first zoom and never covers a mark. The game screens' own journeys are in
// tests/e2e/site/marking.spec.ts.

// A shared machine without a GPU draws slowly: each of these drives several frames per step.
test.describe.configure({ timeout: 120_000 });

type DevMark = { id: string; point: PixelPoint | null };
const devMarks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stageDevMarks: DevMark[] }).__stageDevMarks);
const selected = (page: Page) => page.getByText(/^selected: /).textContent();

const devices = [
  {
    name: 'a 360 px touch phone',
    touch: true,
    options: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  },
  { name: 'a 1280 px laptop with a mouse', touch: false, options: { viewport: { width: 1280, height: 800 } } },
] as const;

async function tap(stage: StagePage, touch: boolean, at: { x: number; y: number }) {
  if (touch) await stage.page.touchscreen.tap(at.x, at.y);
  else await stage.page.mouse.click(at.x, at.y);
}

/** A drag from `from` to `to` in small steps, by finger (CDP touch events) or by mouse. */
async function drag(context: BrowserContext, stage: StagePage, touch: boolean, from: PixelPoint, to: PixelPoint) {
  const steps = 8;
  const along = (i: number) => ({
    x: from.x + ((to.x - from.x) * i) / steps,
    y: from.y + ((to.y - from.y) * i) / steps,
  });
  if (!touch) {
    await stage.page.mouse.move(from.x, from.y);
    await stage.page.mouse.down();
    for (let i = 1; i <= steps; i++) await stage.page.mouse.move(along(i).x, along(i).y);
    await stage.page.mouse.up();
    return;
  }
  const cdp = await context.newCDPSession(stage.page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [along(i)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

for (const device of devices) {
  test.describe(device.name, () => {
    test('three taps on three empty spots make three marks; a tap near one selects it; far enough away places anew', async ({
      browser,
    }) => {
      const context = await browser.newContext(device.options);
      const stage = await StagePage.open(context, '?marks=1');
      const { page } = stage;
      const spots = [
        { x: 1000, y: 1000 },
        { x: 2000, y: 1200 },
        { x: 3000, y: 900 },
      ];
      for (const spot of spots) await tap(stage, device.touch, await stage.clientOf(spot));
      await expect.poll(async () => (await devMarks(page)).map((m) => m.point)).toEqual(spots);
      expect(await selected(page)).toBe('selected: t3');

      // 11 screen px from mark 1's centre: on the mark, so it is selected and nothing is placed.
      const one = await stage.clientOf(spots[0]!);
      await tap(stage, device.touch, { x: one.x + 11, y: one.y });
      await expect(page.getByText('selected: t1')).toBeVisible();
      expect(await devMarks(page)).toHaveLength(3);
      // 16 px left of it (clear of its number, and of its delete control below it): an empty spot, a new mark.
      await tap(stage, device.touch, { x: one.x - 16, y: one.y });
      await expect.poll(async () => (await devMarks(page)).length).toBe(4);
      await expect(page.getByText('selected: t4')).toBeVisible();
      await context.close();
    });

    test("a tap's new mark, or the mark a tap selects, shows in the tap's own task as a selected mark's crosshair on its pixel, gone once drawn", async ({
      browser,
    }) => {
      const context = await browser.newContext(device.options);
      // The crosshair's drawing as laid out when it is shown, read in the task that shows it.
      await context.addInitScript(() => {
        const seen: Array<{ x: number; y: number; width: number; height: number }> = [];
        (window as unknown as { __crosses: typeof seen }).__crosses = seen;
        new MutationObserver((records) => {
          for (const { target } of records) {
            if (!(target instanceof HTMLElement) || !target.matches('.picture-stage > .placing-cross') || target.hidden)
              continue;
            const { x, y, width, height } = target.querySelector('svg')!.getBoundingClientRect();
            seen.push({ x, y, width, height });
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
      });
      const stage = await StagePage.open(context, '?marks=1');
      const { page } = stage;
      const spot = { x: 1500, y: 1000 };
      const at = await stage.clientOf(spot);
      await tap(stage, device.touch, at);
      await expect.poll(async () => (await devMarks(page)).map((m) => m.point)).toEqual([spot]);
      const crosses = await page.evaluate(() => (window as unknown as { __crosses: DOMRectInit[] }).__crosses);
      expect(crosses).toHaveLength(1);
      // The selected mark's 46 px box, its point (18 px in, 28 down) on the tapped pixel's centre.
      const [box] = crosses as Array<Required<DOMRectInit>>;
      expect(box!.width).toBeCloseTo(46, 1);
      expect(box!.height).toBeCloseTo(46, 1);
      expect(Math.abs(box!.x + 18 - at.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(box!.y + 28 - at.y)).toBeLessThanOrEqual(1);
      await expect(page.locator('.picture-stage > .placing-cross')).toBeHidden();

      // A tap on that mark once another is selected: the crosshair on it in the tap's own task, the
      // selection after (the screen's render a frame later), and the crosshair gone once it is drawn.
      await tap(stage, device.touch, await stage.clientOf({ x: 2500, y: 1200 }));
      await expect.poll(async () => (await devMarks(page)).length).toBe(2);
      await expect(page.getByText('selected: t2')).toBeVisible();
      await expect(page.locator('.picture-stage > .placing-cross')).toBeHidden();
      await tap(stage, device.touch, { x: at.x + 3, y: at.y - 2 });
      await expect(page.getByText('selected: t1')).toBeVisible();
      const all = await page.evaluate(() => (window as unknown as { __crosses: DOMRectInit[] }).__crosses);
      expect(all).toHaveLength(3);
      const onMark = all[2] as Required<DOMRectInit>;
      expect(Math.abs(onMark.x + 18 - at.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(onMark.y + 28 - at.y)).toBeLessThanOrEqual(1);
      await expect(page.locator('.picture-stage > .placing-cross')).toBeHidden();
      expect(await devMarks(page)).toHaveLength(2);
      await context.close();
    });

    test('the selected mark drags to a new pixel; a drag elsewhere pans', async ({ browser }) => {
      const context = await browser.newContext(device.options);
      const stage = await StagePage.open(context, '?marks=1');
      const { page } = stage;
      await stage.zoomTo(4, 2000.5, 1300.5);
      const start = await stage.clientOf({ x: 2000, y: 1300 });
      await tap(stage, device.touch, start);
      await expect.poll(async () => (await devMarks(page))[0]?.point).toEqual({ x: 2000, y: 1300 });
      const { scale } = await stage.view();
      // Picked up 3 px off its centre: the mark keeps that offset and moves 60 px right, 30 px down.
      const grabbed = { x: start.x + 3, y: start.y - 2 };
      await drag(context, stage, device.touch, grabbed, { x: grabbed.x + 60, y: grabbed.y + 30 });
      const moved = (await devMarks(page))[0]!.point!;
      expect(Math.abs(moved.x - (2000 + 60 / scale))).toBeLessThanOrEqual(1);
      expect(Math.abs(moved.y - (1300 + 30 / scale))).toBeLessThanOrEqual(1);
      expect(await devMarks(page)).toHaveLength(1);

      // Dragging where there is no selected mark moves the view, not a mark (by mouse: a slow
      // machine's finger may rest long enough to be a press and hold, which aims instead).
      if (device.touch) return context.close();
      const before = await stage.view();
      const empty = await stage.clientOf({ x: 1600, y: 1100 });
      await drag(context, stage, device.touch, empty, { x: empty.x - 80, y: empty.y - 40 });
      const after = await stage.view();
      expect(after.x).toBeLessThan(before.x - 40);
      expect((await devMarks(page))[0]!.point).toEqual(moved);
      await context.close();
    });

    test('the selected mark has a 44 px delete control beside it, which deletes it; the last mark has none', async ({
      browser,
    }) => {
      const context = await browser.newContext(device.options);
      const stage = await StagePage.open(context, '?marks=1');
      const { page } = stage;
      await tap(stage, device.touch, await stage.clientOf({ x: 1500, y: 1000 }));
      // One mark: the last one cannot be deleted.
      await expect(page.getByRole('button', { name: /^Remove ticket/ })).toBeHidden();
      await tap(stage, device.touch, await stage.clientOf({ x: 2500, y: 1500 }));
      const remove = page.getByRole('button', { name: 'Remove ticket 2' });
      await expect(remove).toBeVisible();
      const box = (await remove.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      // Beside the mark, never on it: the mark's 12 px hit circle is outside the control's box.
      const mark = await stage.clientOf({ x: 2500, y: 1500 });
      const nearestX = Math.max(box.x, Math.min(mark.x, box.x + box.width));
      const nearestY = Math.max(box.y, Math.min(mark.y, box.y + box.height));
      expect(Math.hypot(mark.x - nearestX, mark.y - nearestY)).toBeGreaterThan(12);
      expect(Math.hypot(mark.x - (box.x + box.width / 2), mark.y - (box.y + box.height / 2))).toBeLessThan(60);
      await page.screenshot({ path: `test-results/screens/stage-delete-${device.touch ? 'phone' : 'laptop'}.png` });
      await tap(stage, device.touch, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      await expect.poll(async () => (await devMarks(page)).map((m) => m.point)).toEqual([{ x: 1500, y: 1000 }]);
      await context.close();
    });

    test('the zoom hint covers no mark, and fades for good after the first zoom', async ({ browser }) => {
      const context = await browser.newContext(device.options);
      const stage = await StagePage.open(context, '?marks=1');
      const { page } = stage;
      const hint = page.getByTestId('stage-zoom-hint');
      await expect(hint).toBeVisible();
      await expect(hint).toHaveAttribute('data-place', 'bottom');
      const box = (await hint.boundingBox())!;
      const canvas = (await stage.canvasHost.boundingBox())!;
      const view = await stage.view();
      const pictureBottom = canvas.y + view.y + 2730 * view.scale;
      if (device.touch) {
        // On an upright phone the fitted picture leaves a band under it: the hint sits there, on no pixel.
        expect(box.y).toBeGreaterThanOrEqual(pictureBottom);
        await page.screenshot({ path: 'test-results/screens/stage-hint-phone.png' });
      } else {
        // A mark right under the hint's right end: the hint moves to the top, clear of it.
        const pixel = {
          x: Math.round((box.x + box.width - 20 - canvas.x - view.x) / view.scale),
          y: Math.round((box.y + box.height / 2 - canvas.y - view.y) / view.scale),
        };
        await tap(stage, device.touch, await stage.clientOf(pixel));
        await expect.poll(async () => (await devMarks(page))[0]?.point).toEqual(pixel);
        await expect(hint).toHaveAttribute('data-place', 'top');
        const moved = (await hint.boundingBox())!;
        const at = await stage.clientOf(pixel);
        expect(at.y - 28).toBeGreaterThan(moved.y + moved.height);
        await page.screenshot({ path: 'test-results/screens/stage-hint-laptop.png' });
      }
      // The player zooms in: the hint fades and does not come back at fit.
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect(hint).toHaveCount(0);
      await page.getByRole('button', { name: 'Show the whole picture' }).click();
      await page.waitForTimeout(300);
      await expect(hint).toHaveCount(0);
      await context.close();
    });
  });
}
