/**
 * Waiting for a value in a page without Playwright's own script in it (issue 29). A
 * `page.waitForFunction`, a locator's wait or a `page.evaluate` first installs Playwright's
 * injected script (some hundreds of KB) in the page's main world, and the page's own thread
 * compiles and runs it: traced on the play screen at 4x, 56 ms of script evaluation in a task of
 * 109 ms right after the load event, inside the window the stage bench measures (the load -> the
 * engine ready), and more at each later call. A phone's player has no such script. These helpers
 * ask through the page's DevTools session instead: each check is a one-line expression evaluated
 * in the page (what its console would run), polled on the page's own timer.
 */
import type { CDPSession } from '@playwright/test';

interface EvaluateReply {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/**
 * Evaluates `check` (an expression of JavaScript, as source) in the page every `pollMs` until it
 * is truthy, and resolves to that value (JSON-serialisable); rejects after `timeoutMs`.
 */
export async function pollInPage<T>(
  cdp: CDPSession,
  check: string,
  { pollMs = 100, timeoutMs = 60_000 }: { pollMs?: number; timeoutMs?: number } = {},
): Promise<T> {
  const expression = `new Promise((resolve, reject) => {
    const until = performance.now() + ${timeoutMs};
    const next = () => {
      let value;
      try { value = (${check}); } catch (error) { reject(error); return; }
      if (value) resolve(value);
      else if (performance.now() > until) reject(new Error('timed out after ${timeoutMs} ms waiting for: ' + ${JSON.stringify(check)}));
      else setTimeout(next, ${pollMs});
    };
    next();
  })`;
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = (await cdp.send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      })) as EvaluateReply;
      if (reply.exceptionDetails) {
        throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
      }
      return reply.result.value as T;
    } catch (error) {
      // Asked as a navigation commits: the document the check ran in has gone; ask the new one.
      if (attempt < 3 && /context was destroyed|Cannot find (default )?execution context/i.test(String(error)))
        continue;
      throw error;
    }
  }
}
