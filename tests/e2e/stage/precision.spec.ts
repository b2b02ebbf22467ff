import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type PixelPoint, StagePage } from './stage-page.ts';

// The development page's picture: 4096 x 2730 original pixels.
const W = 4096;
const H = 2730;
const TARGETS: PixelPoint[] = [
  { x: 0, y: 0 },
  { x: W - 1, y: 0 },
  { x: 0, y: H - 1 },
  { x: W - 1, y: H - 1 },
  { x: 2048, y: 1365 },
  { x: 1234, y: 567 },
  { x: 3071, y: 2047 },
  { x: 1, y: 2728 },
  { x: 4093, y: 3 },
];
const ZOOMS = [1, 2, 4, 12];
const SCREENS = 'test-results/screens';

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

for (const deviceScaleFactor of [1, 2]) {
  test(`a click places the exact pixel under it: ${TARGETS.length} targets x zooms ${ZOOMS.join('/')} at device pixel ratio ${deviceScaleFactor}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor });
    // No marks: the page only records each click (a click on a mark would select it instead, and
    // the same pixels are clicked at every zoom; tap-to-place has its own tests in marking.spec.ts).
    const stage = await StagePage.open(context, '?marks=0');
    expect(await stage.page.evaluate(() => window.devicePixelRatio)).toBe(deviceScaleFactor);
    let count = 0;
    const misses: string[] = [];
    for (const zoom of ZOOMS) {
      for (const target of TARGETS) {
        // Centred on the target, and off-centre, so both the pan and the clamp take part.
        for (const shift of [0, 0.2]) {
          const fit = (await stage.view()).fitScale;
          await stage.zoomTo(
            zoom,
            target.x + 0.5 + (shift * 1280) / (fit * zoom),
            target.y + 0.5 - (shift * 700) / (fit * zoom),
          );
          const client = await stage.clientOf(target);
          await stage.expectVisible(client);
          await stage.page.mouse.click(client.x, client.y);
          const placed = await stage.placedAfter(++count);
          if (placed.x !== target.x || placed.y !== target.y)
            misses.push(`zoom ${zoom} shift ${shift}: wanted ${target.x},${target.y} got ${placed.x},${placed.y}`);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(count).toBe(ZOOMS.length * TARGETS.length * 2);
    await context.close();
  });
}

test('a tap on a touch phone places the exact pixel under it, at every zoom', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 3,
    hasTouch: true,
    isMobile: true,
  });
  const stage = await StagePage.open(context, '?marks=0');
  let count = 0;
  const misses: string[] = [];
  for (const zoom of ZOOMS) {
    for (const target of TARGETS) {
      await stage.zoomTo(zoom, target.x + 0.5, target.y + 0.5);
      const client = await stage.clientOf(target);
      await stage.expectVisible(client);
      await stage.page.touchscreen.tap(client.x, client.y);
      const placed = await stage.placedAfter(++count);
      if (placed.x !== target.x || placed.y !== target.y)
        misses.push(`zoom ${zoom}: wanted ${target.x},${target.y} got ${placed.x},${placed.y}`);
    }
  }
  expect(misses).toEqual([]);
  await context.close();
});

test('press and hold on touch shows the loupe; release places the mark at its crosshair, moving slowly for fine aim', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  // No marks: the second hold starts where the first placed one (which would pick that mark up).
  const stage = await StagePage.open(context, '?marks=0');
  const target = { x: 2000, y: 1500 };
  await stage.zoomTo(12, target.x + 0.5, target.y + 0.5);
  const client = await stage.clientOf(target);
  const cdp = await context.newCDPSession(stage.page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });

  await touch('touchStart', client.x, client.y);
  await stage.page.waitForTimeout(500);
  await stage.nextFrames();
  await stage.page.screenshot({ path: `${SCREENS}/stage-phone-loupe.png` });
  await touch('touchEnd', client.x, client.y);
  expect(await stage.placedAfter(1)).toEqual(target);

  // Held, then dragged 30 CSS px right: the aim moves a third of that, in original pixels.
  const { scale } = await stage.view();
  await touch('touchStart', client.x, client.y);
  await stage.page.waitForTimeout(500);
  for (let step = 1; step <= 6; step++) await touch('touchMove', client.x + step * 5, client.y);
  await touch('touchEnd', client.x + 30, client.y);
  expect(await stage.placedAfter(2)).toEqual({ x: Math.floor(target.x + 0.5 + 10 / scale), y: target.y });
  await context.close();
});

test('keyboard: Enter places at the centre, arrows move 1 px, Shift+arrows 10 px, ] and [ select, + and - zoom', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const stage = await StagePage.open(context);
  const { page } = stage;
  await stage.zoomTo(4, 1000.5, 800.5);
  await stage.canvasHost.focus();
  await page.keyboard.press('Enter');
  expect(await stage.placedAfter(1)).toEqual({ x: 1000, y: 800 });
  await page.keyboard.press('ArrowRight');
  expect(await stage.placedAfter(2)).toEqual({ x: 1001, y: 800 });
  await page.keyboard.press('ArrowUp');
  expect(await stage.placedAfter(3)).toEqual({ x: 1001, y: 799 });
  await page.keyboard.press('Shift+ArrowDown');
  expect(await stage.placedAfter(4)).toEqual({ x: 1001, y: 809 });
  await page.keyboard.press('Shift+ArrowLeft');
  expect(await stage.placedAfter(5)).toEqual({ x: 991, y: 809 });
  await expect(page.getByText('Ticket 1 at X 991, Y 809')).toBeAttached();
  await expect(page.getByTestId('stage-readout')).toHaveText('X 991 · Y 809');

  await page.keyboard.press(']');
  await expect(page.getByText('selected: t2')).toBeVisible();
  await page.keyboard.press('[');
  await page.keyboard.press('p');
  await expect(page.getByText('selected: t75')).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByText('selected: t1')).toBeVisible();

  const before = (await stage.view()).scale;
  await page.keyboard.press('+');
  expect((await stage.view()).scale).toBeCloseTo(before * 1.5, 6);
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  expect((await stage.view()).scale).toBeCloseTo(before / 1.5, 6);
  await page.keyboard.press('0');
  const fitted = await stage.view();
  expect(fitted.scale).toBeCloseTo(fitted.fitScale, 9);
  await context.close();
});

test('drag pans without placing, the picture never leaves the view, wheel and buttons zoom from fit to at least 12x', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const stage = await StagePage.open(context);
  const { page } = stage;
  const box = (await stage.canvasHost.boundingBox())!;
  const fit = await stage.view();
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

  // Zoom in with the wheel about the middle, then drag: the view moves, nothing is placed.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -200);
  const zoomed = await stage.view();
  expect(zoomed.scale).toBeGreaterThan(fit.scale * 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 100, { steps: 8 });
  await page.mouse.up();
  const dragged = await stage.view();
  expect(dragged.x).toBeCloseTo(zoomed.x - 150, 3);
  expect(dragged.y).toBeCloseTo(zoomed.y - 100, 3);
  expect((await stage.placed()).count).toBe(0);

  // A huge drag stops at the picture's edge.
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 5, box.y + box.height - 5, { steps: 4 });
  await page.mouse.move(box.x + box.width + 4000, box.y + box.height + 4000, { steps: 4 });
  await page.mouse.up();
  const edge = await stage.view();
  expect(edge.x).toBe(0);
  expect(edge.y).toBe(0);

  // The + button all the way: at least 12x, then disabled; reset returns to fit.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  while (await zoomIn.isEnabled()) await zoomIn.click();
  const max = await stage.view();
  expect(max.scale / max.fitScale).toBeGreaterThanOrEqual(12);
  await page.getByRole('button', { name: 'Show the whole picture' }).click();
  expect((await stage.view()).scale).toBeCloseTo(fit.scale, 9);
  // Trackpad pinch arrives as ctrl+wheel.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -50);
  await page.keyboard.up('Control');
  expect((await stage.view()).scale).toBeGreaterThan(fit.scale * 1.3);
  await context.close();
});

test("a tap on another mark's number selects it instead of placing", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const stage = await StagePage.open(context);
  const { page } = stage;
  // Mark 2 of the development page sits at a known pixel; its number is up and right of it.
  const mark2 = await page.evaluate(
    () =>
      (window as unknown as { __stageDevMarks: Array<{ point: { x: number; y: number } | null }> }).__stageDevMarks[1]!
        .point!,
  );
  const at = await stage.clientOf(mark2);
  await page.mouse.click(at.x + 15, at.y - 15);
  await expect(page.getByText('selected: t2')).toBeVisible();
  expect((await stage.placed()).count).toBe(0);
  await context.close();
});

test('screens: the stage at fit, at 12x and with the reveal (for a human to look at)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const stage = await StagePage.open(context);
  const { page } = stage;
  await stage.canvasHost.focus();
  await page.keyboard.press('Enter');
  await stage.nextFrames();
  await page.screenshot({ path: `${SCREENS}/stage-fit.png` });
  await stage.zoomTo(12, 110.5, 110.5);
  await page.mouse.move(400, 300);
  await page.screenshot({ path: `${SCREENS}/stage-12x.png` });
  await page.getByRole('button', { name: 'Show the whole picture' }).click();
  await page.getByTestId('toggle-reveal').click();
  await page.waitForTimeout(1200);
  await stage.nextFrames();
  await page.screenshot({ path: `${SCREENS}/stage-reveal.png` });
  // The stage draws on a 2D canvas (StageCanvas.tsx: no WebGL start, issue 29).
  expect(await stage.rendererType()).toBe('canvas');
  await context.close();
});

test('two-finger pinch zooms about the fingers and places nothing', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  const stage = await StagePage.open(context, '?marks=1');
  const box = (await stage.canvasHost.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const before = await stage.view();
  const cdp = await context.newCDPSession(stage.page);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 1 },
    { x: cx + spread, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
  for (let spread = 50; spread <= 120; spread += 10)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const after = await stage.view();
  expect(after.scale / before.scale).toBeGreaterThan(2.5);
  expect((await stage.placed()).count).toBe(0);
  await context.close();
});

test('an 8000 px original shown through its 4096 px variant: clicks still give exact original pixels', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  const stage = await StagePage.open(context, '?marks=0&original=8000x5333');
  const targets = [
    { x: 0, y: 0 },
    { x: 7999, y: 5332 },
    { x: 4001, y: 2667 },
    { x: 6543, y: 123 },
  ];
  let count = 0;
  for (const zoom of [1, 12, 40]) {
    for (const target of targets) {
      await stage.zoomTo(zoom, target.x + 0.5, target.y + 0.5);
      const client = await stage.clientOf(target);
      await stage.page.mouse.click(client.x, client.y);
      expect(await stage.placedAfter(++count)).toEqual(target);
    }
  }
  await context.close();
});

test('under React StrictMode (mount, unmount, mount) one canvas is left and it works', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const stage = await StagePage.open(context, '?marks=3&react=strict');
  await expect(stage.page.locator('canvas')).toHaveCount(1);
  await stage.zoomTo(4, 1000.5, 1000.5);
  const client = await stage.clientOf({ x: 1000, y: 1000 });
  await stage.page.mouse.click(client.x, client.y);
  expect(await stage.placedAfter(1)).toEqual({ x: 1000, y: 1000 });
  await context.close();
});

/** How many pixels of a PNG are within 14 of the lock grey (#a7b0ab) on every channel. */
async function lockGreyPixels(png: Buffer): Promise<number> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - 0xa7) <= 14 && Math.abs(data[i + 1]! - 0xb0) <= 14 && Math.abs(data[i + 2]! - 0xab) <= 14)
      count++;
  }
  return count;
}

test('a locked mark (a ticket already bought or in the cart) shows a grey padlock badge for its number, and a tap there places instead of selecting', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const stage = await StagePage.open(context, '?marks=3&locked=t2');
  const { page } = stage;
  await stage.nextFrames();
  const marks = await page.evaluate(
    () => (window as unknown as { __stageDevMarks: Array<{ point: { x: number; y: number } | null }> }).__stageDevMarks,
  );
  const badge = async (point: { x: number; y: number }) => {
    const at = await stage.clientOf(point);
    return { at, png: await page.screenshot({ clip: { x: at.x + 15 - 10, y: at.y - 15 - 8, width: 20, height: 16 } }) };
  };
  const locked = await badge(marks[1]!.point!);
  const open = await badge(marks[2]!.point!);
  await page.screenshot({
    path: `${SCREENS}/stage-locked.png`,
    clip: { x: locked.at.x - 40, y: locked.at.y - 40, width: 90, height: 70 },
  });
  // The grey badge fills most of its 20 x 16 box; the white number pill has none of that grey.
  expect(await lockGreyPixels(locked.png)).toBeGreaterThan(80);
  expect(await lockGreyPixels(open.png)).toBeLessThan(10);
  await page.mouse.click(locked.at.x + 15, locked.at.y - 15);
  await expect(page.getByText('selected: t1')).toBeVisible();
  expect((await stage.placed()).count).toBe(1);
  await context.close();
});
