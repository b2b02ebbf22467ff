import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  engineCodeFiles,
  prefetchFiles,
  preloadGameCode,
  preloadScreenCode,
  screenCodeFiles,
} from '../../src/shared/preload-modules.ts';

const modulePreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

function nameScreenCode(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'cricspot:screen-code';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe("a game screen's code, asked for all at once (preloadScreenCode)", () => {
  it('preloads every file the HTML names as a module, in the order named, eight per change to the head', async () => {
    const files = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
    nameScreenCode(files.join(' '));
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.head, { childList: true });
    const asked = preloadScreenCode();
    // The first eight at once, in the caller's task: the first import finds them linked.
    expect(modulePreloads().map((link) => link.href)).toEqual(files.slice(0, 8));
    await expect(asked).resolves.toBe(10);
    expect(modulePreloads()).toEqual(files.map((href) => ({ href, crossOrigin: '' })));
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes.map((change) => change.addedNodes.length)).toEqual([8, 2]);
  });

  it('skips a file already linked, and asks for nothing twice', async () => {
    nameScreenCode('/assets/a-1.js /assets/b-2.js');
    const linked = document.createElement('link');
    linked.rel = 'modulepreload';
    linked.href = '/assets/a-1.js';
    document.head.append(linked);
    await expect(preloadScreenCode()).resolves.toBe(1);
    await expect(preloadScreenCode()).resolves.toBe(0);
    expect(modulePreloads().map((link) => link.href)).toEqual(['/assets/a-1.js', '/assets/b-2.js']);
  });

  it('asks for nothing on a page that names no screen code', async () => {
    expect(screenCodeFiles()).toEqual([]);
    await expect(preloadScreenCode()).resolves.toBe(0);
    expect(modulePreloads()).toEqual([]);
  });
});

const prefetchLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];

describe("the stage engine's files, fetched ahead without running them (prefetchFiles)", () => {
  // jsdom fetches no prefetch: the test says when each has arrived.
  const arrive = (href: string, event: 'load' | 'error') =>
    prefetchLinks()
      .filter((link) => link.getAttribute('href') === href)
      .forEach((link) => link.dispatchEvent(new Event(event)));

  it("asks for each file once, whoever asks (the game screen's start, then the stage), and both hear when all have arrived", async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    const early = prefetchFiles(['/assets/e-1.js', '/assets/f-2.js']);
    const later = prefetchFiles(['/assets/e-1.js', '/assets/f-2.js']);
    expect(prefetchLinks().map((link) => [link.getAttribute('href'), link.crossOrigin])).toEqual([
      ['/assets/e-1.js', 'anonymous'],
      ['/assets/f-2.js', 'anonymous'],
    ]);
    let done = 0;
    void early.then(() => done++);
    void later.then(() => done++);
    arrive('/assets/e-1.js', 'load');
    await Promise.resolve();
    expect(done).toBe(0);
    arrive('/assets/f-2.js', 'load');
    await Promise.all([early, later]);
    expect(done).toBe(2);
    // Arrived: a third ask fetches nothing and resolves at once.
    await prefetchFiles(['/assets/e-1.js']);
    expect(prefetchLinks()).toHaveLength(2);
  });

  it('fails when a file is lost, and fetches that one again on the next ask', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    const first = prefetchFiles(['/assets/g-3.js', '/assets/h-4.js']);
    arrive('/assets/g-3.js', 'load');
    arrive('/assets/h-4.js', 'error');
    await expect(first).rejects.toThrow('The file /assets/h-4.js could not be fetched');
    // The lost file's link goes; the next ask adds it again, not the one that arrived.
    expect(prefetchLinks().map((link) => link.getAttribute('href'))).toEqual(['/assets/g-3.js']);
    const again = prefetchFiles(['/assets/g-3.js', '/assets/h-4.js']);
    expect(prefetchLinks().map((link) => link.getAttribute('href'))).toEqual(['/assets/g-3.js', '/assets/h-4.js']);
    arrive('/assets/h-4.js', 'load');
    await expect(again).resolves.toBeUndefined();
  });

  it('asks for nothing in a browser that cannot prefetch', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(false);
    await expect(prefetchFiles(['/assets/k-5.js'])).resolves.toBeUndefined();
    expect(prefetchLinks()).toEqual([]);
  });

  it("names the engine's files but those the page has as modules already (engineCodeFiles)", () => {
    const meta = document.createElement('meta');
    meta.name = 'cricspot:engine-code';
    meta.content = '/assets/engine-steps-1.js /assets/idle-3.js';
    document.head.append(meta);
    nameScreenCode('/assets/idle-3.js');
    expect(engineCodeFiles()).toEqual(['/assets/engine-steps-1.js', '/assets/idle-3.js']);
    const shared = document.createElement('link');
    shared.rel = 'modulepreload';
    shared.href = '/assets/idle-3.js';
    document.head.append(shared);
    expect(engineCodeFiles()).toEqual(['/assets/engine-steps-1.js']);
  });
});

describe("a game screen's start (preloadGameCode)", () => {
  const nameEngineCode = (content: string) => {
    const meta = document.createElement('meta');
    meta.name = 'cricspot:engine-code';
    meta.content = content;
    document.head.append(meta);
  };

  it("preloads the screen's code, then fetches the engine's files ahead", async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    nameScreenCode('/assets/screen-1.js /assets/shared-2.js');
    nameEngineCode('/assets/engine-3.js /assets/shared-2.js');
    const started = preloadGameCode();
    expect(modulePreloads().map((link) => link.href)).toEqual(['/assets/screen-1.js', '/assets/shared-2.js']);
    await vi.waitFor(() => expect(prefetchLinks()).toHaveLength(1));
    // The chunk the screen's code shares is a module already: only the engine's own is fetched.
    expect(prefetchLinks()[0]!.getAttribute('href')).toBe('/assets/engine-3.js');
    prefetchLinks()[0]!.dispatchEvent(new Event('load'));
    await expect(started).resolves.toBeUndefined();
  });

  it("fetches nothing on a page that names no screen code, though it names the engine's files", async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    nameEngineCode('/assets/engine-4.js');
    await expect(preloadGameCode()).resolves.toBeUndefined();
    expect(modulePreloads()).toEqual([]);
    expect(prefetchLinks()).toEqual([]);
  });
});
