import { expect, test } from '@playwright/test';
import {
  BROWSER_UI_FEATURES,
  disabledFeatures,
  disableFeaturesFlag,
  launchBenchChromium,
  playwrightDisabledFeatures,
} from '../../../bench/support/quiet-browser.ts';

/**
 * The benches' Chromium (bench/support/quiet-browser.ts) opens a window per browser context
 * without the address bar's popup pages, which ran in a renderer of their own as each measured
 * page loaded, and keeps every feature Playwright's launch turns off (Chromium reads only the last
 * --disable-features, so ours carries Playwright's list too).
 */
test("the benches' Chromium starts no browser UI pages and keeps Playwright's own flags", async ({ baseURL }) => {
  const browser = await launchBenchChromium({ browserUi: false });
  try {
    const cdp = await browser.newBrowserCDPSession();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/rules`);
    const { targetInfos } = await cdp.send('Target.getTargets');
    expect(targetInfos.map((target) => target.url)).toEqual([`${baseURL}/rules`]);
    await context.close();
    // Playwright's own list, read from a browser it launched, is passed on (PaintHolding among it).
    expect(await playwrightDisabledFeatures()).toContain('PaintHolding');
  } finally {
    await browser.close();
  }
});

// Its flag carries Playwright's own list, as the benches' does (read by the same probe, tested above).
test("the tests' own Chromium (playwright.config.ts) starts no browser UI pages either", async ({
  browser,
  page,
  baseURL,
}) => {
  const cdp = await browser.newBrowserCDPSession();
  await page.goto(`${baseURL}/rules`);
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
});

test('one --disable-features carries the launcher’s list and the browser UI’s', () => {
  expect(disabledFeatures(['--x', '--disable-features=A,B', '--disable-features=C'])).toEqual(['C']);
  expect(disabledFeatures(['--x'])).toEqual([]);
  const [flag, ...rest] = disableFeaturesFlag(['PaintHolding', 'Translate'], { browserUi: false });
  expect(rest).toEqual([]);
  expect(disabledFeatures([flag!])).toEqual(['PaintHolding', 'Translate', ...BROWSER_UI_FEATURES]);
});
