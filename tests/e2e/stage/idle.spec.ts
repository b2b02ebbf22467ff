import { expect, test } from '@playwright/test';
import { StagePage } from './stage-page.ts';

// The stage draws on demand (scene/frames.ts): once drawn and left alone, it asks the browser for
// no animation frames at all. Pixi's system ticker (its scheduler) would otherwise run from a frame
// loop that never stops; it runs from a once-a-second timer instead (StageCanvas.tsx, issue 29).
test('a stage left alone asks for no animation frame and draws nothing', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => {
    const counted = window as Window & { __frameAsks?: number };
    counted.__frameAsks = 0;
    const ask = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      counted.__frameAsks! += 1;
      return ask(callback);
    };
  });
  const stage = await StagePage.open(context, '?marks=0');
  const asks = () => stage.page.evaluate(() => (window as Window & { __frameAsks?: number }).__frameAsks ?? 0);
  const renders = () => stage.page.evaluate(() => window.__cricspotStage!.renders);
  // What the start asked for (the first frames, the zoom hint's placement) is over within a second.
  await stage.page.waitForTimeout(1000);
  const [asksBefore, rendersBefore] = [await asks(), await renders()];
  await stage.page.waitForTimeout(2000);
  expect(await asks()).toBe(asksBefore);
  expect(await renders()).toBe(rendersBefore);
  // It still answers: a zoom is drawn in a frame.
  await stage.page.getByRole('button', { name: /zoom in/i }).click();
  await expect.poll(renders).toBeGreaterThan(rendersBefore);
  await context.close();
});
