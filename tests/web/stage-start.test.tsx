import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PictureStage } from '../../src/stage/PictureStage.tsx';
import { ZOOM_HINT_FADE_MS } from '../../src/stage/ZoomControls.tsx';
import { STAGE_SETTLE_MS } from '../../src/stage/idle.ts';
import { nextTask } from '../../src/shared/yield-to-browser.ts';
import { watchPreviewTaps } from '../../src/stage/preview-taps.ts';
import { PRACTICE_PICTURE, type ResponsiveImage } from '../../domain/site-paths.ts';
import { landscapePicture, stageLabels, stubStageBrowser } from './stage-fixtures.ts';

// The scene draws on a canvas, which jsdom cannot: a stand-in records when it is made and what it is fed.
type ViewChange = (view: { scale: number; x: number; y: number }, limits: { min: number; max: number }) => void;
const engines = vi.hoisted(() => ({
  made: [] as Array<{ picture: unknown; marks: unknown; initialised: boolean; onViewChange?: ViewChange }>,
}));
// The picture fetched ahead of the engine (picture-bitmaps.ts): stand-ins that record the asks.
const ahead = vi.hoisted(() => ({ fetched: [] as string[], cached: [] as unknown[], dropped: [] as string[] }));
vi.mock('../../src/stage/picture-bitmaps.ts', () => ({
  fetchPictureAhead: (url: string, cached?: string) => {
    ahead.fetched.push(url);
    ahead.cached.push(cached);
  },
  dropPictureAhead: (url: string) => ahead.dropped.push(url),
}));
// The scene's loader evaluates Pixi and @pixi/react first, a task each (scene-loader.ts): stand-ins here.
vi.mock('../../src/stage/scene/engine-steps.ts', () => ({}));
vi.mock('@pixi/react', () => ({}));
vi.mock('../../src/stage/scene/StageCanvas.tsx', async () => {
  const { useState } = await import('react');
  return {
    default: function StageCanvasStandIn(props: {
      picture: unknown;
      marks: unknown;
      callbacks: { onViewChange: ViewChange };
    }) {
      const [record] = useState(() => {
        const made = {
          picture: null as unknown,
          marks: null as unknown,
          initialised: true,
          onViewChange: props.callbacks.onViewChange,
        };
        engines.made.push(made);
        return made;
      });
      record.picture = props.picture;
      record.marks = props.marks;
      return null;
    },
  };
});

const picture = landscapePicture;
const labels = stageLabels;

describe('the stage starts when idle, or at once when the player reaches for it', () => {
  let idle: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    engines.made.length = 0;
    ahead.fetched.length = 0;
    ahead.cached.length = 0;
    ahead.dropped.length = 0;
    idle = [];
    stubStageBrowser((callback) => idle.push(callback));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const renderStage = (onPlace = vi.fn(), previewTakesTaps = false, shown = picture, previewImage?: ResponsiveImage) =>
    render(
      <PictureStage
        picture={shown}
        previewImage={previewImage}
        marks={[{ id: 't1', label: '1', point: null }]}
        selectedId="t1"
        onPlace={onPlace}
        onSelect={vi.fn()}
        labels={labels}
        previewTakesTaps={previewTakesTaps}
      />,
    );

  /** Lets the engine's code load, a step a task (scene-loader.ts), and the task after it run. */
  const settle = () =>
    act(async () => {
      for (let step = 0; step < 4; step++) {
        await vi.dynamicImportSettled();
        // A real task later (what the stage's start yields with).
        await nextTask();
      }
    });

  it('shows the picture and starts nothing until the page has settled and the browser is idle, then starts with the props of the moment', async () => {
    renderStage();
    await settle();
    expect(screen.getByRole('status', { name: 'Loading the picture' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(STAGE_SETTLE_MS - 1));
    expect(idle).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(idle).toHaveLength(1);
    await settle();
    expect(engines.made).toHaveLength(0);
    act(() => idle.forEach((callback) => callback()));
    await settle();
    expect(engines.made).toHaveLength(1);
    expect(engines.made[0]).toMatchObject({
      picture,
      marks: [{ id: 't1', label: '1', point: null }],
      initialised: true,
    });
  });

  it("says 'loading' on a touched picture only where a tap on it is not placed before the engine is up", async () => {
    const judge = renderStage();
    expect(screen.queryByText('Loading the picture')).toBeNull();
    fireEvent.pointerDown(judge.container.querySelector('img')!);
    await settle();
    expect(screen.getByText('Loading the picture')).toBeVisible();
    judge.unmount();

    // A game screen hears the tap itself and shows its mark over the picture: nothing to wait for.
    const game = renderStage(vi.fn(), true);
    fireEvent.pointerDown(game.container.querySelector('img')!);
    await settle();
    expect(engines.made).toHaveLength(2);
    expect(screen.queryByText('Loading the picture')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading the picture' })).toBeInTheDocument();
  });

  it('starts at once on a touch', async () => {
    const { container } = renderStage();
    fireEvent.pointerDown(container.querySelector('img')!);
    await settle();
    expect(idle).toHaveLength(0);
    expect(engines.made).toHaveLength(1);
  });

  it("fetches the fit's picture variant ahead as the engine's code loads, once, and releases it with the stage", async () => {
    const stage = renderStage();
    await settle();
    expect(ahead.fetched).toEqual([]);
    fireEvent.pointerDown(stage.container.querySelector('img')!);
    await settle();
    expect(engines.made).toHaveLength(1);
    expect(ahead.fetched).toEqual([picture.variants[0]!.url]);
    stage.unmount();
    // Released if the scene did not take it (picture-bitmaps.ts tells which).
    expect(ahead.dropped).toEqual([picture.variants[0]!.url]);
  });

  it("asks for a phone's copy from the cache's copy of the preview, by the screen's own address", async () => {
    const served = {
      width: 2400,
      height: 1600,
      variants: [{ name: 'small' as const, url: '/api/v1/pictures/p1/small', width: 1280, height: 853 }],
    };
    const stage = renderStage(vi.fn(), false, served, PRACTICE_PICTURE);
    fireEvent.pointerDown(stage.container.querySelector('img')!);
    await settle();
    expect(ahead.fetched).toEqual(['/api/v1/pictures/p1/small?w=800']);
    expect(ahead.cached).toEqual(['/api/v1/practice/pairs/first/picture?w=800']);
    stage.unmount();
    // Without a preview's address (a later game): the picture's own only.
    const later = renderStage(vi.fn(), false, served);
    fireEvent.pointerDown(later.container.querySelector('img')!);
    await settle();
    expect(ahead.cached).toEqual(['/api/v1/practice/pairs/first/picture?w=800', undefined]);
  });

  it("woken by a tap, starts once the tap's frame is on screen (its Event Timing entry reported)", async () => {
    let report: ((entries: Array<{ name: string; startTime: number; duration: number }>) => void) | null = null;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['event'];
        constructor(callback: (list: { getEntries(): unknown[] }) => void) {
          report = (entries) => callback({ getEntries: () => entries });
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = renderStage();
    fireEvent.pointerDown(container.querySelector('img')!);
    await settle();
    expect(engines.made).toHaveLength(0);
    act(() => report!([{ name: 'pointerup', startTime: performance.now(), duration: 120 }]));
    await settle();
    expect(engines.made).toHaveLength(1);
  });

  it("starts at once when the player pressed the first paint's picture before the app was there", async () => {
    const stop = watchPreviewTaps(document);
    try {
      // The pre-rendered first paint's image, which the app's render replaces.
      const firstPaint = document.createElement('img');
      firstPaint.className = 'stage-preview__image';
      Object.defineProperty(firstPaint, 'naturalWidth', { value: 1000 });
      Object.defineProperty(firstPaint, 'naturalHeight', { value: 500 });
      document.body.append(firstPaint);
      fireEvent.pointerDown(firstPaint, { clientX: 5, clientY: 5, pointerId: 1, pointerType: 'touch', button: 0 });
      firstPaint.remove();
      renderStage();
      await settle();
      expect(idle).toHaveLength(0);
      expect(engines.made).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('waits for an idle moment when the press was elsewhere on the first paint', async () => {
    const stop = watchPreviewTaps(document);
    try {
      fireEvent.pointerDown(document.body, { clientX: 5, clientY: 5, pointerId: 1, pointerType: 'touch', button: 0 });
      renderStage();
      await settle();
      expect(engines.made).toHaveLength(0);
    } finally {
      stop();
    }
  });

  it('starts at once when a mouse moves over the picture', async () => {
    const { container } = renderStage();
    fireEvent.pointerMove(container.querySelector('.stage-preview')!);
    await settle();
    expect(engines.made).toHaveLength(1);
  });

  it('starts at once when a keyboard player reaches the stage', async () => {
    renderStage();
    fireEvent.focus(screen.getByRole('application', { name: 'Picture' }));
    await settle();
    expect(engines.made).toHaveLength(1);
  });

  it('tells the player to zoom in while one CSS pixel covers more than 2 original pixels, until the first zoom, when the screen gives the words', async () => {
    const hint = 'Zoom in to place your mark precisely';
    const marks = [{ id: 't1', label: '1', point: null }];
    const { rerender } = render(
      <PictureStage
        picture={picture}
        marks={marks}
        selectedId="t1"
        onPlace={vi.fn()}
        onSelect={vi.fn()}
        labels={{ ...labels, zoomHint: hint }}
      />,
    );
    fireEvent.focus(screen.getByRole('application', { name: 'Picture' }));
    await settle();
    const viewChange = engines.made[0]!.onViewChange!;
    act(() => viewChange({ scale: 0.3, x: 0, y: 0 }, { min: 0.3, max: 8 }));
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.getByText(hint)).not.toHaveAttribute('data-fading');
    // The first zoom: the hint fades, then goes, and stays gone at fit again.
    act(() => viewChange({ scale: 0.45, x: 0, y: 0 }, { min: 0.3, max: 8 }));
    expect(screen.getByText(hint)).toHaveAttribute('data-fading', 'true');
    act(() => vi.advanceTimersByTime(ZOOM_HINT_FADE_MS));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    act(() => viewChange({ scale: 0.3, x: 0, y: 0 }, { min: 0.3, max: 8 }));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    // Without the words, nothing.
    rerender(
      <PictureStage
        picture={picture}
        marks={marks}
        selectedId="t1"
        onPlace={vi.fn()}
        onSelect={vi.fn()}
        labels={labels}
      />,
    );
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });
});
