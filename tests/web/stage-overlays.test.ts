import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeOverlays } from '../../src/stage/stage-overlays.ts';

// The zoom hint's size is measured once and then kept by a ResizeObserver (no layout in a tap's
// frame); a hint taken off the page is no longer watched, so the observer does not keep it alive.

type Entry = { target: Element; borderBoxSize: Array<{ inlineSize: number; blockSize: number }> };

const observers: FakeObserver[] = [];
class FakeObserver {
  readonly watched = new Set<Element>();
  readonly callback: (entries: Entry[], observer: FakeObserver) => void;
  constructor(callback: (entries: Entry[], observer: FakeObserver) => void) {
    this.callback = callback;
    observers.push(this);
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  report(target: Element, width: number, height: number) {
    this.callback([{ target, borderBoxSize: [{ inlineSize: width, blockSize: height }] }], this);
  }
}

const stage = { width: 360, height: 240 };
const view = { scale: 1, x: 0, y: 0 };
/** A mark at the stage's bottom left, where the hint goes unless it is too big to miss it. */
const state = {
  view,
  stage,
  marks: [{ id: 'a', label: '1', point: { x: 40, y: 225 } }],
  selectedId: null,
  deletable: false,
};

describe('the zoom hint over the stage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('follows its observed size, and is let go once it leaves the page', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const hint = document.createElement('div');
    document.body.append(hint);

    // jsdom lays nothing out: measured as 0 x 0, the hint misses the mark at the bottom.
    placeOverlays(state, { remove: null, hint });
    expect(hint.dataset['place']).toBe('bottom');
    const observer = observers[0]!;
    expect(observer.watched.has(hint)).toBe(true);

    // Grown (a longer text, another language) over the mark: it goes to the top.
    observer.report(hint, 200, 40);
    placeOverlays(state, { remove: null, hint });
    expect(hint.dataset['place']).toBe('top');

    // Off the page, it reports a size of nothing: no longer watched.
    hint.remove();
    observer.report(hint, 0, 0);
    expect(observer.watched.has(hint)).toBe(false);
  });

  it('with no mark on the picture goes to the bottom unmeasured, and knows its size from the observer for the first mark', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const hint = document.createElement('div');
    document.body.append(hint);
    let reads = 0;
    Object.defineProperty(hint, 'offsetWidth', { get: () => (reads++, 200) });
    Object.defineProperty(hint, 'offsetHeight', { get: () => (reads++, 40) });

    // The stage's first commit, nothing marked yet: no layout asked for.
    placeOverlays({ ...state, marks: [] }, { remove: null, hint });
    expect(hint.dataset['place']).toBe('bottom');
    expect(reads).toBe(0);
    const observer = observers.at(-1)!;
    expect(observer.watched.has(hint)).toBe(true);

    // The observer reports its size after the next layout; the first mark is placed with it, unread.
    observer.report(hint, 200, 40);
    placeOverlays(state, { remove: null, hint });
    expect(hint.dataset['place']).toBe('top');
    expect(reads).toBe(0);
  });
});
