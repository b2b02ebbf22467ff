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
