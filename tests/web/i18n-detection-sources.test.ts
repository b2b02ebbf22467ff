import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDetectionSources } from '../../src/shared/i18n.ts';
import type * as YieldToBrowser from '../../src/shared/yield-to-browser.ts';

// Each yield to the browser (a new task) is let go by the test, one at a time.
const yields = vi.hoisted(() => ({ waiting: [] as Array<() => void> }));
vi.mock('../../src/shared/yield-to-browser.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof YieldToBrowser>()),
  nextTask: () => new Promise<void>((resolve) => yields.waiting.push(resolve)),
}));

/** Lets the oldest yield go and runs what follows it, up to the next yield. */
async function nextTaskRuns(): Promise<void> {
  yields.waiting.shift()!();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Records each first read of the detector's sources that wait for the browser process, in order. */
function watchReads(): string[] {
  const reads: string[] = [];
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
    reads.push('cookie');
    return cookie.get!.call(document) as string;
  });
  const local = window.localStorage;
  const session = window.sessionStorage;
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    reads.push('localStorage');
    return local;
  });
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    reads.push('sessionStorage');
    return session;
  });
  return reads;
}

describe("the language detector's sources, opened before i18next starts (openDetectionSources)", () => {
  it('reads the cookie, local storage and session storage in the detection order, each in a task of its own', async () => {
    const reads = watchReads();
    let done = false;
    void openDetectionSources().then(() => {
      done = true;
    });
    // Nothing in the caller's task: each source is read in a task of its own, then i18next may start.
    expect(reads).toEqual([]);
    await nextTaskRuns();
    expect(reads).toEqual(['cookie']);
    await nextTaskRuns();
    expect(reads).toEqual(['cookie', 'localStorage']);
    await nextTaskRuns();
    expect(reads).toEqual(['cookie', 'localStorage', 'sessionStorage']);
    expect(done).toBe(false);
    await nextTaskRuns();
    expect(done).toBe(true);
  });

  it('resolves when a browser blocks a storage, as the detector then skips it', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const opened = openDetectionSources();
    for (let task = 0; task < 4; task++) await nextTaskRuns();
    await expect(opened).resolves.toBeUndefined();
  });
});
