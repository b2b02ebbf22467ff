import { vi } from 'vitest';
import type { GamePicture } from '../../domain/practice.ts';

/** A landscape photo of 2000 x 1000 original pixels, shown through a 1000 px wide variant. */
export const landscapePicture: GamePicture = {
  width: 2000,
  height: 1000,
  variants: [{ name: 'small', url: '/small.jpg', width: 1000, height: 500 }],
};

/** The stage's words, as a screen gives them (English, no zoom hint). */
export const stageLabels = {
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetZoom: 'Fit',
  stage: 'Picture',
  loading: 'Loading the picture',
  coordinates: (x: number, y: number) => `${x},${y}`,
  selected: () => '',
};

/**
 * What the stage asks of the browser that jsdom has not: idle callbacks (handed to `onIdle`, never
 * run by default), a ResizeObserver and matchMedia. Undone by vi.unstubAllGlobals.
 */
export function stubStageBrowser(onIdle: (callback: () => void) => unknown = () => 0): void {
  vi.stubGlobal('requestIdleCallback', onIdle);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', () => ({ addEventListener() {}, removeEventListener() {} }));
}
