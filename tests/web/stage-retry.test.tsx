import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PictureStage } from '../../src/stage/PictureStage.tsx';
import { engineRetryMs } from '../../src/stage/idle.ts';
import { nextTask } from '../../src/shared/yield-to-browser.ts';
import { landscapePicture, stageLabels, stubStageBrowser } from './stage-fixtures.ts';

// The engine's code fetched over a patchy network: a failed fetch is tried again, further apart
// each time, until the engine starts; the picture keeps taking taps meanwhile.
const loader = vi.hoisted(() => ({ failuresLeft: 0, asks: 0, made: 0 }));
vi.mock('../../src/stage/scene-loader.ts', async () => {
  const { useEffect } = await import('react');
  function StageCanvasStandIn() {
    useEffect(() => {
      loader.made += 1;
    }, []);
    return null;
  }
  return {
    loadScene: () => {
      loader.asks += 1;
      if (loader.failuresLeft > 0) {
        loader.failuresLeft -= 1;
        return Promise.reject(new Error('Failed to fetch dynamically imported module'));
      }
      return Promise.resolve({ default: StageCanvasStandIn });
    },
    loadSceneWhenIdle: () => undefined,
    onSceneLoaded: () => () => undefined,
  };
});

describe('the engine fetched again after a failed fetch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    Object.assign(loader, { failuresLeft: 0, asks: 0, made: 0 });
    stubStageBrowser();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A real task later, for the promises and the stage's nextTask. */
  const flush = () =>
    act(async () => {
      for (let step = 0; step < 3; step++) await nextTask();
    });

  const renderStage = () =>
    render(
      <PictureStage
        picture={landscapePicture}
        marks={[{ id: 't1', label: '1', point: null }]}
        selectedId="t1"
        onPlace={vi.fn()}
        onSelect={vi.fn()}
        labels={stageLabels}
      />,
    );

  it('waits 2 s, then 4 s, and starts the engine when a fetch succeeds', async () => {
    loader.failuresLeft = 2;
    const { container } = renderStage();
    fireEvent.pointerDown(container.querySelector('img')!);
    act(() => vi.advanceTimersByTime(300));
    await flush();
    expect(loader.asks).toBe(1);
    expect(loader.made).toBe(0);

    act(() => vi.advanceTimersByTime(engineRetryMs(0) - 1));
    await flush();
    expect(loader.asks).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    await flush();
    expect(loader.asks).toBe(2);
    expect(loader.made).toBe(0);

    act(() => vi.advanceTimersByTime(engineRetryMs(1)));
    await flush();
    expect(loader.asks).toBe(3);
    expect(loader.made).toBe(1);
    // Started: no more fetches.
    act(() => vi.advanceTimersByTime(60_000));
    await flush();
    expect(loader.asks).toBe(3);
  });

  it('stops trying when the stage is gone', async () => {
    loader.failuresLeft = 5;
    const { container, unmount } = renderStage();
    fireEvent.pointerDown(container.querySelector('img')!);
    act(() => vi.advanceTimersByTime(300));
    await flush();
    expect(loader.asks).toBe(1);
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    await flush();
    expect(loader.asks).toBe(1);
  });

  it('waits longer after each failure, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(engineRetryMs)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
