import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PictureStage } from '../../src/stage/PictureStage.tsx';
import type { GamePicture } from '../../domain/practice.ts';
import { landscapePicture, stageLabels, stubStageBrowser } from './stage-fixtures.ts';

// Keys pressed on the picture while its engine starts are kept and applied once it is ready, as
// taps on the preview are: a keyboard player's first arrow is not lost (WCAG 2.1.1).

type StandInProps = {
  picture: GamePicture;
  handleRef: (handle: unknown) => void;
  callbacks: { onPictureDrawn(drawn: GamePicture): void };
};
const standIn = vi.hoisted(() => ({ props: null as StandInProps | null }));
// The scene's loader evaluates Pixi and @pixi/react first, a task each (scene-loader.ts): stand-ins here.
vi.mock('../../src/stage/scene/engine-steps.ts', () => ({}));
vi.mock('@pixi/react', () => ({}));
vi.mock('../../src/stage/scene/StageCanvas.tsx', () => ({
  default: function StageCanvasStandIn(props: StandInProps) {
    standIn.props = props;
    return null;
  },
}));

const engine = {
  zoomBy: vi.fn(),
  resetZoom: vi.fn(),
  zoomTo: vi.fn(),
  showPoint: vi.fn(),
  viewState: () => ({
    view: { scale: 0.5, x: 0, y: 0 },
    stage: { width: 1000, height: 500 },
    image: { width: 2000, height: 1000 },
  }),
  testApi: () => ({}),
};

/** The engine comes up: its handle, then the picture drawn. */
const engineReady = () =>
  act(async () => {
    const props = standIn.props!;
    props.handleRef(engine);
    props.callbacks.onPictureDrawn(props.picture);
    await Promise.resolve();
  });

describe('keys pressed while the stage starts', () => {
  beforeEach(() => {
    standIn.props = null;
    stubStageBrowser();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('are kept, the page does not scroll with them, and each applies in turn once the engine is ready', async () => {
    const onPlace = vi.fn();
    render(
      <PictureStage
        picture={landscapePicture}
        marks={[{ id: 't1', label: '1', point: null }]}
        selectedId="t1"
        onPlace={onPlace}
        onSelect={vi.fn()}
        labels={stageLabels}
      />,
    );
    const stage = screen.getByRole('application', { name: 'Picture' });
    // Reaching the picture starts the engine; its chunk is still on its way.
    fireEvent.focus(stage);
    const first = fireEvent.keyDown(stage, { key: 'ArrowRight' });
    fireEvent.keyDown(stage, { key: '+' });
    fireEvent.keyDown(stage, { key: 'ArrowDown' });
    expect(first).toBe(false); // default prevented: no page scroll
    expect(onPlace).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(standIn.props).not.toBeNull());
    await engineReady();
    // The arrow places the mark one pixel right of the view's centre, + zooms, the next arrow nudges.
    await vi.waitFor(() => expect(onPlace).toHaveBeenCalledTimes(2));
    expect(onPlace.mock.calls[0]![0]).toEqual({ x: 1001, y: 500 });
    expect(engine.zoomBy).toHaveBeenCalledTimes(1);
    // Nothing is replayed twice.
    await act(async () => {
      await Promise.resolve();
    });
    expect(onPlace).toHaveBeenCalledTimes(2);
  });
});
