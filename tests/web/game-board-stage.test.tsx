import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landscapePicture, stageLabels } from './stage-fixtures.ts';

// The stage's component: a stand-in that says it is there; the scene's loading is not this test's.
vi.mock('../../src/stage/PictureStage.tsx', () => ({
  PictureStage: () => <p>the stage</p>,
}));
vi.mock('../../src/stage/scene-loader.ts', () => ({ loadSceneWhenIdle: () => undefined }));

/** GameBoard.tsx as a page that has not loaded the stage's code yet has it. */
const freshBoardModule = () => import('../../src/screens/game/GameBoard.tsx');

async function renderBoard(module: Awaited<ReturnType<typeof freshBoardModule>>) {
  const { GameBoard } = module;
  render(
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
    </GameBoard>,
  );
}

describe("the game board's stage (GameBoard.tsx)", () => {
  beforeEach(() => vi.resetModules());
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
});
