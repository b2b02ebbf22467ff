import { type CDPSession, expect, test } from '@playwright/test';
import { pollInPage } from '../../../bench/support/page-poll.ts';

/**
 * bench/stage-ready.ts reads the page through pollInPage (bench/support/page-poll.ts): a player's
 * phone runs no script of Playwright's, and the bench's waits must not put one into the window it
 * measures. Scripts the page parses are counted from the DevTools debugger: its own files have
 * their address; what is evaluated into it from outside has none.
 */
async function scriptsFromOutside(cdp: CDPSession): Promise<number[]> {
  const lengths: number[] = [];
  cdp.on('Debugger.scriptParsed', (script) => {
    if (!script.url.startsWith('http')) lengths.push(script.length ?? 0);
  });
  // The debugger first reports every script parsed before (Playwright's tracing puts its own in):
  // only those parsed from now on count.
  await cdp.send('Debugger.enable');
  lengths.length = 0;
  return lengths;
}

const PLAYWRIGHTS_SCRIPT = 20_000;

test("the stage bench's waits read the page without Playwright's script in it", async ({ page, context }) => {
  await page.goto('/rules');
  const cdp = await context.newCDPSession(page);
  const lengths = await scriptsFromOutside(cdp);
  await cdp.send('Runtime.evaluate', { expression: 'setTimeout(() => { window.__benchFlag = { ready: 42 }; }, 300)' });

  // It waits for the value the page sets later, and gives it back as it is.
  expect(await pollInPage(cdp, 'window.__benchFlag', { pollMs: 50 })).toEqual({ ready: 42 });
  // A falsy answer is waited on, not taken: the bench wraps a value that can be 0 in an array.
  expect(await pollInPage(cdp, '[0]', { pollMs: 50 })).toEqual([0]);
  // A value that never comes fails the wait, saying what it waited for.
  await expect(pollInPage(cdp, 'window.__never', { pollMs: 50, timeoutMs: 300 })).rejects.toThrow(
    /timed out after 300 ms waiting for: window.__never/,
  );
  // An error in the check is the wait's error.
  await expect(pollInPage(cdp, 'window.__missing.field')).rejects.toThrow(/TypeError/);
  // Only the checks' few lines were evaluated in the page.
  expect(lengths.length).toBeGreaterThan(0);
  expect(Math.max(...lengths)).toBeLessThan(2000);

  // Playwright's own wait, by contrast, first puts its script of some hundreds of KB into the page.
  await page.waitForFunction(() => true);
  expect(Math.max(...lengths)).toBeGreaterThan(PLAYWRIGHTS_SCRIPT);
});
