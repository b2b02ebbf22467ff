// Issue 27, finding 8: password hashing queued fairly per client address. The tasks here are
// stand-ins that finish when the test says, so the order of starts is exact.
import { describe, expect, it } from 'vitest';
import { fairQueue } from '../../server/services/accounts/hash-queue.ts';

function harness(options = { concurrency: 2, maxWaiting: 64, perAddressWaiting: 2 }) {
  let t = 0;
  const queue = fairQueue({ ...options, now: () => t });
  const started: string[] = [];
  const finishers: Array<() => void> = [];
  const submit = (who: string, label = who) =>
    queue.run(
      who,
      () =>
        new Promise<string>((resolve) => {
          started.push(label);
          finishers.push(() => resolve(label));
        }),
    );
  /** Lets the oldest running task finish, then the queue's next start happen. */
  const finishOne = async () => {
    finishers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    queue,
    started,
    submit,
    finishOne,
    tick: (ms: number) => {
      t += ms;
    },
  };
}

describe('the fair hashing queue (issue 27, finding 8)', () => {
  it('runs one hash at a time per address and `concurrency` in all, the address that asked least first', async () => {
    const h = harness();
    const answers = [h.submit('a', 'a1'), h.submit('a', 'a2'), h.submit('b', 'b1'), h.submit('c', 'c1')];
    expect(h.started).toEqual(['a1', 'b1']);
    expect(h.queue.state).toEqual({ running: 2, waiting: 2, addresses: 2 });
    await h.finishOne();
    // c has asked once, a twice: c goes before a's second.
    expect(h.started).toEqual(['a1', 'b1', 'c1']);
    await h.finishOne();
    await h.finishOne();
    await h.finishOne();
    expect(h.started).toEqual(['a1', 'b1', 'c1', 'a2']);
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it('answers 503 BUSY at once past two waiting hashes of one address', async () => {
    const h = harness();
    void h.submit('a');
    void h.submit('a');
    void h.submit('a');
    await expect(h.submit('a')).rejects.toMatchObject({ statusCode: 503, code: 'BUSY' });
    // Another address is not affected.
    void h.submit('b');
    expect(h.started).toEqual(['a', 'b']);
  });

  it('a flood from 80 addresses: a real login starts after at most the hashes already running', async () => {
    const h = harness();
    const flood = Array.from({ length: 80 }, (_, i) => `10.0.0.${i}`);
    // Every attacking address keeps its line full, and has been hashing for a while.
    for (let round = 0; round < 5; round++) {
      for (const who of flood) h.submit(who, 'flood').catch(() => undefined);
      for (let i = 0; i < 40; i++) await h.finishOne();
      h.tick(1000);
    }
    const before = h.started.length;
    const real = h.submit('203.0.113.5', 'real');
    for (let i = 0; i < 2 && !h.started.slice(before).includes('real'); i++) await h.finishOne();
    expect(h.started.slice(before)).toContain('real');
    expect(h.started.slice(before).indexOf('real')).toBeLessThanOrEqual(1);
    await h.finishOne();
    await h.finishOne();
    expect(await real).toBe('real');
  });

  it('a full line makes room for a newcomer by refusing the busiest address, never the newcomer', async () => {
    const h = harness({ concurrency: 1, maxWaiting: 4, perAddressWaiting: 2 });
    void h.submit('x', 'x-running');
    const xWaiting = [h.submit('x', 'x1'), h.submit('x', 'x2')];
    const yWaiting = [h.submit('y', 'y1'), h.submit('y', 'y2')];
    // Full (4 waiting): the newcomer z takes the place of x's newest, x having used the most.
    const z = h.submit('z', 'z1');
    await expect(xWaiting[1]).rejects.toMatchObject({ code: 'BUSY' });
    // Then those who have asked least go first: z (once), y (twice), x (three times).
    for (let i = 0; i < 5; i++) await h.finishOne();
    expect(h.started).toEqual(['x-running', 'z1', 'y1', 'y2', 'x1']);
    expect(await z).toBe('z1');
    expect(await Promise.all([xWaiting[0], ...yWaiting])).toEqual(['x1', 'y1', 'y2']);
  });
});
