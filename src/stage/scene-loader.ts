/**
 * The scene's code (Pixi, @pixi/react and scene/StageCanvas.tsx), fetched and evaluated once per
 * page (issue 29). The game screens ask for it in the background as they open
 * (loadSceneWhenIdle): its evaluation, the longest step of the stage's start, then happens in idle
 * moments while the screen's first call is under way, and the stage finds it ready.
 */
import { nextQuietTask } from '../shared/yield-to-browser.ts';
import { engineCodeFiles, prefetchFiles } from '../shared/preload-modules.ts';
import { STAGE_SETTLE_MS, whenSettledAndIdle } from './idle.ts';
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
  scene ??= fetchEngineFiles()
    .then(importInSteps)
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
 * The engine's files the page's HTML names (LATER_CODE_META), fetched into the browser's cache
 * without running them: resolves once every one has arrived, rejects when one failed (the next ask
 * fetches that one again). The import runs only after that (issue 29): its evaluation in an idle moment
 * waits for no download, and Chromium remembers a module whose fetch failed for the page's life, so
 * that an import of it never tried again and a patchy network left the stage without its engine;
 * a prefetch that failed is simply asked again. A game screen's start asks for them already, after
 * its own code (src/main.tsx); this finds them on their way or arrived.
 *
 * Not preloaded as modules once they have arrived (issue 29, measured): the import in the idle
 * moment then found them parsed and compiled (the play screen's engine ready 1151 / 1365 ms ->
 * 1024 / 1222 ms after load at 4x, median / p90), but their compile's main-thread part moved into
 * the page's start, and Lighthouse's Total Blocking Time on the play screen went from 100 to 301 ms.
 */
function fetchEngineFiles(): Promise<void> {
  // prefetchFiles keeps each file's fetch: an ask after they arrived resolves at once.
  return prefetchFiles(engineCodeFiles());
}

/** Loads the scene's chunk once the page has loaded and the browser is idle; once per page. */
export function loadSceneWhenIdle(): void {
  if (asked) return;
  asked = true;
  // Its files download now, as the screen first renders; they run once the page is idle.
  fetchEngineFiles().catch(() => undefined);
  whenSettledAndIdle(() => {
    loadScene().catch(() => undefined);
  }, STAGE_SETTLE_MS);
}
