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

describe("the engine's files the game screen's HTML names (LATER_CODE_META)", () => {
  it('are prefetched, not run, as the screen first asks for its stage; once per page', async () => {
    vi.resetModules();
    const meta = document.createElement('meta');
    meta.name = 'cricspot:later-code';
    meta.content = '/assets/engine-steps-1.js /assets/StageCanvas-2.js';
    document.head.append(meta);
    const { loadSceneWhenIdle } = await import('../../src/stage/scene-loader.ts');
    const prefetched = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
        href: link.getAttribute('href'),
        crossOrigin: link.crossOrigin,
      }));
    loadSceneWhenIdle();
    expect(prefetched()).toEqual([
      { href: '/assets/engine-steps-1.js', crossOrigin: 'anonymous' },
      { href: '/assets/StageCanvas-2.js', crossOrigin: 'anonymous' },
    ]);
    loadSceneWhenIdle();
    expect(prefetched()).toHaveLength(2);
    for (const link of document.querySelectorAll('link[rel="prefetch"]')) link.remove();
  });
});
