/**
 * The scene's chunk (Pixi, @pixi/react: scene/StageCanvas.tsx), fetched and evaluated once per
 * page (issue 29). The game screens ask for it in the background as they open
 * (loadSceneWhenIdle): its evaluation, the longest step of the stage's start, then happens in an
 * idle moment while the screen's first call is under way, and the stage finds it ready.
 */
import { whenSettledAndIdle } from './idle.ts';
import type * as StageCanvasModule from './scene/StageCanvas.tsx';

type SceneModule = typeof StageCanvasModule;

let scene: Promise<SceneModule> | null = null;
let asked = false;

/** The scene's module; a failed load is tried again on the next ask. */
export function loadScene(): Promise<SceneModule> {
  scene ??= import('./scene/StageCanvas.tsx').catch((error: unknown) => {
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
  });
}
