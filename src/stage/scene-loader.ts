/**
 * The scene's code (Pixi, @pixi/react and scene/StageCanvas.tsx), fetched and evaluated once per
 * page (issue 29). The game screens ask for it in the background as they open
 * (loadSceneWhenIdle): its evaluation, the longest step of the stage's start, then happens in idle
 * moments while the screen's first call is under way, and the stage finds it ready.
 */
import { nextTask } from '../shared/yield-to-browser.ts';
import { STAGE_SETTLE_MS, whenSettledAndIdle } from './idle.ts';
import type * as StageCanvasModule from './scene/StageCanvas.tsx';

type SceneModule = typeof StageCanvasModule;

let scene: Promise<SceneModule> | null = null;
let asked = false;

/**
 * Pixi, then @pixi/react (React's reconciler), then the scene, each evaluated in a task of its own
 * (issue 29): evaluated together they were one task of 170 ms at 4x, which held any tap meanwhile;
 * in steps the longest is Pixi's, 85 ms.
 */
async function importInSteps(): Promise<SceneModule> {
  await import('./scene/engine-steps.ts');
  await nextTask();
  await import('@pixi/react');
  await nextTask();
  return import('./scene/StageCanvas.tsx');
}

/** The scene's module; a failed load is tried again on the next ask. */
export function loadScene(): Promise<SceneModule> {
  scene ??= importInSteps().catch((error: unknown) => {
    scene = null;
    throw error;
  });
  return scene;
}

/** Loads the scene's chunk once the page has loaded and the browser is idle; once per page. */
export function loadSceneWhenIdle(): void {
  if (asked) return;
  asked = true;
  whenSettledAndIdle(() => {
    loadScene().catch(() => undefined);
  }, STAGE_SETTLE_MS);
}
