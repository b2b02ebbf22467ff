/**
 * The benches' Chromium, with Chromium's own browser UI kept out of their measurements (issue 29);
 * the e2e tests' Chromium (playwright.config.ts) turns it off the same way, to save CI's time.
 * Every new window of the desktop Chromium the benches drive (each Playwright browser context
 * opens one) starts two web pages of its own in a renderer of their own: the address bar's
 * suggestion popups (`chrome://omnibox-popup.top-chrome/` and its AI-mode page, drawn with Lit),
 * preloaded although a headless window never shows them. Counted from /proc on this 2-core
 * machine, per cold load of the practice screen: that renderer 1.3-1.5 s of CPU and the browser
 * process 0.8-1.0 s, against the page's own renderer 1.0-1.2 s, all in the seconds the page loads;
 * with the features below off, no such renderer and the browser process 0.5-0.6 s. A phone's
 * Chrome has no such popup pages, so a bench measuring a phone's page turns them off;
 * `BENCH_BROWSER_UI=on` keeps them, to compare with the figures taken before (README, issue 29's
 * thirty-first session).
 */
import { type Browser, chromium } from '@playwright/test';

export const BROWSER_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
] as const;

/** Whether the benches keep Chromium's browser UI pages (BENCH_BROWSER_UI=on), as before issue 29's thirty-first session. */
export const keepBrowserUi = process.env.BENCH_BROWSER_UI === 'on';

/** The Chromium the benches drive: Debian's, or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One --disable-features flag with `others` and the browser UI's features (none when `browserUi`
 * is kept: BENCH_BROWSER_UI=on). Chromium reads only the last --disable-features of its command
 * line: a launcher that passes its own list (Lighthouse's, Playwright's) must have that list in `others`.
 */
export function disableFeaturesFlag(
  others: readonly string[] = [],
  { browserUi = keepBrowserUi }: { browserUi?: boolean } = {},
): string[] {
  const features = [...others, ...(browserUi ? [] : BROWSER_UI_FEATURES)];
  return features.length > 0 ? [`--disable-features=${features.join(',')}`] : [];
}

/** The features a command line turns off (its last --disable-features). */
export function disabledFeatures(commandLine: readonly string[]): string[] {
  const flag = commandLine.findLast((arg) => arg.startsWith('--disable-features='));
  return flag ? flag.slice('--disable-features='.length).split(',').filter(Boolean) : [];
}

let playwrightsOwn: Promise<string[]> | null = null;

/**
 * The features Playwright's launch turns off (PaintHolding among them), read from a browser it
 * launched (DevTools' Browser.getBrowserCommandLine): its list is not public, and ours would
 * replace it.
 */
export function playwrightDisabledFeatures(): Promise<string[]> {
  playwrightsOwn ??= (async () => {
    // Chromium says its command line only to a browser under automation.
    const probe = await chromium.launch({ executablePath: CHROMIUM, args: ['--enable-automation'] });
    try {
      const cdp = await probe.newBrowserCDPSession();
      const { arguments: commandLine } = await cdp.send('Browser.getBrowserCommandLine');
      return disabledFeatures(commandLine);
    } finally {
      await probe.close();
    }
  })();
  return playwrightsOwn;
}

/**
 * The benches' Chromium (CHROMIUM): WebGL in SwiftShader (this machine has no GPU), `extra` flags,
 * and Chromium's browser UI pages off (above) beside Playwright's own, unless `browserUi` is kept.
 */
export async function launchBenchChromium({
  extra = [],
  browserUi = keepBrowserUi,
}: { extra?: readonly string[]; browserUi?: boolean } = {}): Promise<Browser> {
  const features = browserUi ? [] : disableFeaturesFlag(await playwrightDisabledFeatures(), { browserUi });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', ...extra, ...features],
  });
}
