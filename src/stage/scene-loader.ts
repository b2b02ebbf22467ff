/**
 * The scene's code (Pixi, @pixi/react and scene/StageCanvas.tsx), fetched and evaluated once per
 * page (issue 29). The game screens ask for it in the background as they open
 * (loadSceneWhenIdle): its evaluation, the longest step of the stage's start, then happens in idle
 * moments while the screen's first call is under way, and the stage finds it ready.
 */
import { LATER_CODE_META } from '../../domain/site-paths.ts';
import { nextTask } from '../shared/yield-to-browser.ts';
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
  await nextTask();
  await import('@pixi/react');
  await nextTask();
  return import('./scene/StageCanvas.tsx');
}

/** Whether the scene's code has loaded, and who waits to hear when it does. */
let loaded = false;
const loadedListeners = new Set<() => void>();

/** The scene's module; a failed load is tried again on the next ask. */
export function loadScene(): Promise<SceneModule> {
  scene ??= importInSteps().then(
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
 * Fetches the scene's files into the browser's cache without running them, when the page's HTML
 * names them (a game screen's, LATER_CODE_META): the evaluation in an idle moment then waits for
 * no download. Asked as the screen first renders, after the first paint's own downloads.
 */
function prefetchSceneCode(): void {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${LATER_CODE_META}"]`);
  if (!named) return;
  named.remove();
  for (const href of named.content.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As a module script is fetched (CORS, same-origin credentials), so that the import takes it.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

/** Loads the scene's chunk once the page has loaded and the browser is idle; once per page. */
export function loadSceneWhenIdle(): void {
  if (asked) return;
  asked = true;
  prefetchSceneCode();
  whenSettledAndIdle(() => {
    loadScene().catch(() => undefined);
  }, STAGE_SETTLE_MS);
}
