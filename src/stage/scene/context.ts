/** What every layer of the scene shares: the camera, the frame scheduler and the pointer input. */
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { Camera } from './camera.ts';
import type { FrameScheduler, LayoutStep } from './frames.ts';
import type { Gestures } from './gestures.ts';
import type { Rect } from '../label-layout.ts';

export interface SceneContextValue {
  camera: Camera;
  frames: FrameScheduler;
  /** Set once the canvas exists. */
  gestures: { current: Gestures | null };
  /** Whether the player asked the system for less motion. */
  reducedMotion: boolean;
  /** The reveal's labels as last placed, for the test API. */
  revealShown: RevealShown;
}

/** The reveal's shown labels and the part of the picture on the stage (screen px) as last laid out. */
export class RevealShown {
  labels: Rect[] = [];
  picture: Rect | null = null;

  record(labels: Rect[], picture: Rect): void {
    this.labels = labels;
    this.picture = picture;
  }
}

export const SceneContext = createContext<SceneContextValue | null>(null);

export function useScene(): SceneContextValue {
  const scene = useContext(SceneContext);
  if (!scene) throw new Error('A stage layer outside the stage');
  return scene;
}

/**
 * Registers a layer's placement step (run before every draw, with the latest `step`) and asks for
 * a frame after every commit of the layer: React declares what is drawn, the step puts it where
 * the camera says.
 */
export function useLayout(step: LayoutStep): void {
  const { frames } = useScene();
  const latest = useRef(step);
  useLayoutEffect(() => {
    latest.current = step;
    frames.invalidate();
  });
  useLayoutEffect(() => frames.addLayout((now) => latest.current(now)), [frames]);
}
