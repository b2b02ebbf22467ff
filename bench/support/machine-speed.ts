/**
 * How fast this machine runs a page's JavaScript now: one fixed script (no DOM, no network) timed
 * in the bench's own Chromium, unthrottled and at the bench's CPU slowdown. The browser benches'
 * figures move with the machine (issue 29: the same build measured its stage ready 1.1 s after the
 * load one day and 1.9 s another, the machine otherwise quiet), so each run prints this beside them:
 * figures from two runs compare only where this line does.
 * The time at the slowdown is the noisier of the two. In one quiet minute here (the load average
 * 0.3; /proc/stat counts no stolen time, none since boot) the script's least of 3 at 4x swung
 * between 188-236 ms and 362-491 ms from one second to the next, while its least of 5 unthrottled
 * stayed at 39-45 ms (64-72 five times in 30, two of them beside a fast 4x time). The swing comes
 * with Chromium's CPU throttling on this machine: a load measured at 4x carries it, and no timing
 * taken before a load foretells it.
 */
import type { Browser } from '@playwright/test';
import { percentile } from './logins.ts';

/** The fixed work: objects made, sorted, written to JSON and read back, and indexed (what a page's start does). */
function fixedWork(): number {
  const started = performance.now();
  const tickets: { id: number; name: string; x: number; y: number }[] = [];
  for (let i = 0; i < 40_000; i++) {
    tickets.push({ id: i, name: `ticket-${i}`, x: ((i * 7919) % 1000) / 1000, y: ((i * 104_729) % 1000) / 1000 });
  }
  tickets.sort((a, b) => a.x - b.x || a.y - b.y);
  const copy = JSON.parse(JSON.stringify(tickets)) as typeof tickets;
  const byName = new Map(copy.map((ticket) => [ticket.name, ticket]));
  if (byName.size !== tickets.length) throw new Error('machine-speed: the fixed work went wrong');
  return performance.now() - started;
}

/** The median of `runs` timings of the fixed work, unthrottled and at `slowdown`, in ms. */
export async function machineSpeed(
  browser: Browser,
  slowdown: number,
  runs = 5,
): Promise<{ unthrottled: number; slowed: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const time = async (rate: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.evaluate(fixedWork); // warm: compiled and optimised before it is timed
      const times: number[] = [];
      for (let run = 0; run < runs; run++) times.push(await page.evaluate(fixedWork));
      return percentile(times, 0.5);
    };
    return { unthrottled: await time(1), slowed: await time(slowdown) };
  } finally {
    await context.close();
  }
}

/**
 * A page kept open in `browser` that times the fixed work unthrottled each time the returned
 * function is called: the machine's speed between a bench's loads (bench/support/quiet-loads.ts).
 * The least of 5 timings: one timing alone was 42-46 ms or 65-70 ms, back and forth, on the same
 * quiet machine (the least of 5 stayed within 39-45 ms, once 55), where a slowed machine slows all 5.
 */
export async function speedProbe(browser: Browser): Promise<() => Promise<number>> {
  const page = await (await browser.newContext()).newPage();
  await page.evaluate(fixedWork); // warm, as machineSpeed
  return async () => {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) times.push(await page.evaluate(fixedWork));
    return Math.min(...times);
  };
}

/** The line the benches print, before their runs ('now') or after them ('after'). */
export function machineSpeedLine(
  speed: { unthrottled: number; slowed: number },
  slowdown: number,
  when: 'now' | 'after' = 'now',
): string {
  return `  this machine ${when}: a fixed script ran in ${Math.round(speed.unthrottled)} ms in this Chromium, ${Math.round(speed.slowed)} ms at ${slowdown}x slower (median of 5; compare runs only where this compares)`;
}
