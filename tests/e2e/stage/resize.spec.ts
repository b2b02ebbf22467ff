import { expect, test } from '@playwright/test';
import { StagePage } from './stage-page.ts';

type Seen = Window & { __afterResize?: Array<{ height: number; alpha: number }> };

// A resize of the canvas clears it. The stage draws again in the resize observer's turn, before
// the browser paints (StageCanvas.tsx, FrameScheduler.redrawNow): a frame later, the cleared canvas
// was shown for one frame, a black flash of the stage each time a popup bar came or went (seen in a
// screencast of the practice screen's load). Read here by a resize observer of the test's own,
// made after the stage's, so it runs after it in the same turn, before that frame is painted.
test('a resized stage is drawn again before the browser paints it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  const stage = await StagePage.open(context, '?marks=0');
  const before = await stage.page.evaluate(async () => {
    const host = document.querySelector<HTMLElement>('[role="application"]')!;
    const canvas = host.querySelector('canvas')!;
    const seen = window as Seen;
    seen.__afterResize = [];
    let first = true;
    new ResizeObserver(() => {
      // observe() reports the present size once: not a resize.
      if (first) return void (first = false);
      const alpha = canvas.getContext('2d')!.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data[3]!;
      seen.__afterResize!.push({ height: canvas.height, alpha });
    }).observe(host);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const height = canvas.height;
    // The host 80 px lower, as when a popup bar takes the bottom of the screen.
    host.style.flex = 'none';
    host.style.height = `${host.clientHeight - 80}px`;
    return height;
  });
  const after = () => stage.page.evaluate(() => (window as Seen).__afterResize!);
  await expect.poll(async () => (await after()).length).toBeGreaterThan(0);
  const [resized] = await after();
  expect(resized!.height).toBeLessThan(before);
  // The picture's pixel, opaque: not the cleared canvas's transparent one.
  expect(resized!.alpha).toBe(255);
  await context.close();
});
