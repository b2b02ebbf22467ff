import { describe, expect, it, vi } from 'vitest';

// The scene's code: stand-ins, evaluated in the loader's steps (scene-loader.ts).
vi.mock('../../src/stage/scene/engine-steps.ts', () => ({}));
vi.mock('@pixi/react', () => ({}));
vi.mock('../../src/stage/scene/StageCanvas.tsx', () => ({ default: () => null }));

describe("a stage hears when the scene's code has loaded, whoever asked for it (onSceneLoaded)", () => {
  it('calls a stage that waits when a load ends, not one that stopped waiting, and none once the code is there', async () => {
    const { loadScene, onSceneLoaded } = await import('../../src/stage/scene-loader.ts');
    const waiting = vi.fn();
    const gone = vi.fn();
    onSceneLoaded(waiting);
    const cancel = onSceneLoaded(gone);
    cancel();
    expect(waiting).not.toHaveBeenCalled();

    // The screen's background load (loadSceneWhenIdle) asks; the stage did not.
    await loadScene();
    expect(waiting).toHaveBeenCalledOnce();
    expect(gone).not.toHaveBeenCalled();

    // A stage of a later screen of this page starts in its own idle moment instead.
    const later = vi.fn();
    onSceneLoaded(later);
    await loadScene();
    expect(later).not.toHaveBeenCalled();
    expect(waiting).toHaveBeenCalledOnce();
  });
});
