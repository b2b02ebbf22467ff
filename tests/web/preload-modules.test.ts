import { afterEach, describe, expect, it } from 'vitest';
import { preloadScreenCode, screenCodeFiles } from '../../src/shared/preload-modules.ts';

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
