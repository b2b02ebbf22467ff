/**
 * The scene's code (Pixi, @pixi/react and scene/StageCanvas.tsx), fetched and evaluated once per
 * page (issue 29). The game screens ask for it in the background as they open
 * (loadSceneWhenIdle): its evaluation, the longest step of the stage's start, then happens in idle
 * moments while the screen's first call is under way, and the stage finds it ready.
 */
import { nextQuietTask } from '../shared/yield-to-browser.ts';
import { prefetchEngineCode, preloadEngineCode } from '../shared/preload-modules.ts';
import { STAGE_SETTLE_MS, onBackgroundTask, whenSettledAndIdle } from './idle.ts';
import type * as StageCanvasModule from './scene/StageCanvas.tsx';

type SceneModule = typeof StageCanvasModule;

let scene: Promise<SceneModule> | null = null;
let asked = false;

/**
 * Pixi, then @pixi/react (React's reconciler), then the scene, each evaluated in a task of its own
 * (issue 29): evaluated together they were one task of 170 ms at 4x, which held any tap meanwhile;
 * in steps the longest is @pixi/react's, 40-45 ms (Pixi's was 85-106 ms until its text metrics
 * stopped making an Intl.Segmenter as they load: scripts/pixi-text-segmenter.ts).
 */
async function importInSteps(): Promise<SceneModule> {
  await import('./scene/engine-steps.ts');
  await nextQuietTask();
  await import('@pixi/react');
  await nextQuietTask();
  return import('./scene/StageCanvas.tsx');
}

/** Whether the scene's code has loaded, and who waits to hear when it does. */
let loaded = false;
const loadedListeners = new Set<() => void>();

/** The scene's module; a failed load is tried again on the next ask. */
export function loadScene(): Promise<SceneModule> {
  // Its files fetched before its import runs (prefetchEngineCode says why).
  scene ??= prefetchEngineCode()
    .then(() => {
      void preloadEngineCode();
      return importInSteps();
    })
    .then(
      (module) => {
        loaded = true;
        for (const listener of [...loadedListeners]) listener();
        loadedListeners.clear();
        return module;
      },
      (error: unknown) => {
        scene = null;
        throw error;
      },
    );
  return scene;
}

/**
 * Calls `callback` when the scene's code finishes loading, whoever asked for it; returns a cancel. A stage whose screen loads the code in the background (loadSceneWhenIdle)
 * starts as it arrives, instead of waiting for an idle moment of its own (issue 29: that wait was
 * 0.2-0.45 s at 4x while the page's own start kept the browser busy). Code loaded before (an
 * earlier screen of this page) calls nothing: the stage's own idle moment starts it.
 */
export function onSceneLoaded(callback: () => void): () => void {
  if (loaded) return () => undefined;
  loadedListeners.add(callback);
  return () => loadedListeners.delete(callback);
}

/**
 * Loads the scene's chunk once the page has loaded and settled and the browser has nothing more
 * urgent to run (a background task, onBackgroundTask in idle.ts); once per page.
 */
export function loadSceneWhenIdle(): void {
  if (asked) return;
  asked = true;
  // Its files download now, as the screen first renders; they run once the page is idle.
  prefetchEngineCode().catch(() => undefined);
  whenSettledAndIdle(
    () => {
      loadScene().catch(() => undefined);
    },
    STAGE_SETTLE_MS,
    onBackgroundTask,
  );
}
