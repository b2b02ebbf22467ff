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

/**
 * A fresh loader's page whose HTML names these engine files (LATER_CODE_META); jsdom fetches no
 * prefetch, so the test says when each has arrived.
 */
function nameEngineFiles(content: string): HTMLMetaElement {
  vi.resetModules();
  const meta = document.createElement('meta');
  meta.name = 'cricspot:engine-code';
  meta.content = content;
  document.head.append(meta);
  vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
  return meta;
}

describe("the engine's files the page's HTML names (LATER_CODE_META)", () => {
  it('are fetched into the cache as the screen first asks, and run only once all have arrived; a failed one is fetched again', async () => {
    const meta = nameEngineFiles('/assets/engine-steps-1.js /assets/StageCanvas-2.js');
    const { loadScene, loadSceneWhenIdle, onSceneLoaded } = await import('../../src/stage/scene-loader.ts');
    const links = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    loadSceneWhenIdle();
    expect(links().map((link) => [link.getAttribute('href'), link.crossOrigin])).toEqual([
      ['/assets/engine-steps-1.js', 'anonymous'],
      ['/assets/StageCanvas-2.js', 'anonymous'],
    ]);
    const ran = vi.fn();
    onSceneLoaded(ran);
    // One arrives, one is lost: nothing runs, and the failed one's link goes.
    const [steps, canvas] = links();
    steps!.dispatchEvent(new Event('load'));
    canvas!.dispatchEvent(new Event('error'));
    await expect(loadScene()).rejects.toThrow('The file /assets/StageCanvas-2.js could not be fetched');
    expect(ran).not.toHaveBeenCalled();
    expect(links()).toHaveLength(1);
    // Asked again (the stage's retry): fetched again, then run.
    const again = loadScene();
    for (const link of links().slice(1)) link.dispatchEvent(new Event('load'));
    await again;
    expect(ran).toHaveBeenCalledOnce();
    for (const link of document.querySelectorAll('link')) link.remove();
    meta.remove();
    vi.restoreAllMocks();
  });
});

describe("the engine's files a screen's code has preloaded already", () => {
  it('are not fetched again', async () => {
    const meta = nameEngineFiles('/assets/engine-steps-1.js /assets/idle-3.js');
    const shared = document.createElement('link');
    shared.rel = 'modulepreload';
    shared.href = '/assets/idle-3.js';
    document.head.append(shared);
    const { loadScene } = await import('../../src/stage/scene-loader.ts');
    const loaded = loadScene();
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/engine-steps-1.js']);
    links[0]!.dispatchEvent(new Event('load'));
    await loaded;
    for (const link of document.querySelectorAll('link')) link.remove();
    meta.remove();
    vi.restoreAllMocks();
  });
});
