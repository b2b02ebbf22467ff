import { afterEach, describe, expect, it } from 'vitest';
import { preloadScreenCode, screenCodeFiles } from '../../src/shared/screen-code.ts';

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
  it('preloads every file the HTML names as a module, in the order named, with one change to the head', () => {
    nameScreenCode('/assets/schemas-1.js /assets/zod-loaded-2.js /assets/QuickGameScreenPage-3.js');
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.head, { childList: true });
    expect(preloadScreenCode()).toBe(3);
    expect(modulePreloads()).toEqual([
      { href: '/assets/schemas-1.js', crossOrigin: '' },
      { href: '/assets/zod-loaded-2.js', crossOrigin: '' },
      { href: '/assets/QuickGameScreenPage-3.js', crossOrigin: '' },
    ]);
    const changes = observer.takeRecords();
    observer.disconnect();
    expect(changes.map((change) => change.addedNodes.length)).toEqual([3]);
  });

  it('skips a file already linked, and asks for nothing twice', () => {
    nameScreenCode('/assets/a-1.js /assets/b-2.js');
    const linked = document.createElement('link');
    linked.rel = 'modulepreload';
    linked.href = '/assets/a-1.js';
    document.head.append(linked);
    expect(preloadScreenCode()).toBe(1);
    expect(preloadScreenCode()).toBe(0);
    expect(modulePreloads().map((link) => link.href)).toEqual(['/assets/a-1.js', '/assets/b-2.js']);
  });

  it('asks for nothing on a page that names no screen code', () => {
    expect(screenCodeFiles()).toEqual([]);
    expect(preloadScreenCode()).toBe(0);
    expect(modulePreloads()).toEqual([]);
  });
});
