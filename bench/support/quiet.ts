/**
 * Waits for the machine to be quiet before a timed bench (issue 29: "with the machine quiet"):
 * until the one-minute load average is under `below`, or `maxMs` have passed. A bench run right
 * after another starts while the first's browsers and servers still weigh on the load average (1.8
 * when Lighthouse had just finished), and its slowest loads decide a p90. Says how long it waited,
 * and the load average it started with, so that the figures after it can be read beside it.
 */
import os from 'node:os';

const POLL_MS = 5_000;

export async function waitForQuiet(below = 0.6, maxMs = 120_000): Promise<string> {
  const started = Date.now();
  const first = os.loadavg()[0]!;
  let load = first;
  while (load >= below && Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    load = os.loadavg()[0]!;
  }
  const waited = Math.round((Date.now() - started) / 1000);
  const state = load < below ? 'quiet' : `still busy after ${Math.round(maxMs / 1000)} s`;
  return `load average ${first.toFixed(2)} -> ${load.toFixed(2)} after ${waited} s (${state}; quiet is under ${below})`;
}
