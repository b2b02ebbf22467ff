import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landscapePicture, stageLabels } from './stage-fixtures.ts';

// The stage's component: a stand-in that says it is there, its code arriving when the test says
// (at once unless a test holds it); the scene's loading is not this test's.
const arrival = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('../../src/stage/PictureStage.tsx', async () => {
  if (arrival.held) await arrival.held;
  return { PictureStage: () => <p>the stage</p> };
});
vi.mock('../../src/stage/scene-loader.ts', () => ({ loadSceneWhenIdle: () => undefined }));

/** GameBoard.tsx as a page that has not loaded the stage's code yet has it. */
const freshBoardModule = () => import('../../src/screens/game/GameBoard.tsx');

/** Says what it caught, as the route's error boundary would turn it into the reload dialog. */
class Caught extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error.message}</p> : this.props.children;
  }
}

async function renderBoard(module: Awaited<ReturnType<typeof freshBoardModule>>) {
  const { GameBoard } = module;
  render(
    <Caught>
      <GameBoard
        picture={landscapePicture}
        previewImage={undefined}
        marks={[]}
        selectedId={null}
        reveal={null}
        disabled={false}
        canRemove={false}
        labels={stageLabels}
        send={vi.fn()}
      >
        <p>the ticket bar</p>
      </GameBoard>
    </Caught>,
  );
}

describe("the game board's stage (GameBoard.tsx)", () => {
  beforeEach(() => {
    vi.resetModules();
    arrival.held = null;
  });
  afterEach(cleanup);

  it("mounts the stage in its first render once the screen has loaded the stage's code as it opened", async () => {
    const module = await freshBoardModule();
    await module.loadStage();
    await renderBoard(module);
    // Not awaited: through lazy() the picture would show first and the stage a microtask (up to 300 ms) later.
    expect(screen.getByText('the stage')).toBeInTheDocument();
    expect(screen.getByText('the ticket bar')).toBeInTheDocument();
  });

  it('shows the picture while the code loads when nothing asked for it before, then the stage', async () => {
    await renderBoard(await freshBoardModule());
    expect(screen.queryByText('the stage')).toBeNull();
    expect(await screen.findByText('the stage')).toBeInTheDocument();
  });

  it("mounts the stage as its code arrives, not held by React's throttle of a retried boundary (issue 29)", async () => {
    let arrive: () => void = () => undefined;
    arrival.held = new Promise<void>((resolve) => (arrive = resolve));
    await renderBoard(await freshBoardModule());
    expect(screen.queryByText('the stage')).toBeNull();
    // No timer runs from here: suspended through lazy(), the stage waited for one (300 ms after
    // the picture showed); React's own work runs in tasks and microtasks, which are real.
    // Outside act() (which commits whatever waits), as a browser runs it, and as waitFor does.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      arrive();
      for (let turn = 0; turn < 20; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
      expect(screen.getByText('the stage')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('hands a stage code that failed to load to the error boundary, as lazy() did', async () => {
    vi.doMock('../../src/stage/PictureStage.tsx', () => {
      throw new Error('the chunk could not be fetched');
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderBoard(await freshBoardModule());
    // (vitest words the mocked module's failure its own way)
    expect(await screen.findByText(/^caught: /)).toBeInTheDocument();
    expect(screen.queryByText('the ticket bar')).toBeNull();
    quiet.mockRestore();
    vi.doUnmock('../../src/stage/PictureStage.tsx');
  });
});
