/**
 * The picture stage's types, defined once: what a screen gives the stage (PictureStage.tsx's
 * props) and what the lazily loaded scene (scene/StageCanvas.tsx) gives back to the React edge.
 */
import type { GamePicture } from '../../domain/practice.ts';
import type { ResponsiveImage } from '../../domain/site-paths.ts';
import type { ImagePoint, ScreenPoint, Size, ViewTransform } from './coords.ts';
import type { ZoomLimits } from './view.ts';

export interface StageMark {
  id: string;
  label: string;
  /** Original-photo integer pixels; null while the ticket is not marked. */
  point: { x: number; y: number } | null;
  /** A ticket already bought or in the cart: drawn in grey with a ring and a padlock badge instead of a number, never selected or moved. */
  locked?: boolean;
}

export interface StageReveal {
  picture: GamePicture;
  ball: { x: number; y: number };
  /** By mark id, original px. */
  distances: Record<string, number>;
  bestId: string | null;
  /** The ball's width in the picture, original px, when the picture says it: distances are told in ball widths. */
  ballWidth?: number | null;
}

export interface StageLabels {
  /** The selected mark's delete control, for the ticket numbered `label`. */
  remove?: (label: string) => string;
  zoomIn: string;
  zoomOut: string;
  resetZoom: string;
  stage: string;
  coordinates: (x: number, y: number) => string;
  selected: (label: string, x: number | null, y: number | null) => string;
  loading: string;
  /** A mark's distance as drawn on the picture in the reveal (translated; in ball widths when the reveal knows the ball's width). */
  revealDistance?: (pixels: number, ballWidth: number | null) => string;
  /** Shown over the toolbar while one CSS pixel covers more than about 2 original pixels; nothing when absent. */
  zoomHint?: string;
}

export interface PictureStageProps {
  picture: GamePicture;
  marks: StageMark[];
  selectedId: string | null;
  /** A tap on an empty spot of the picture (or Enter, or an aim released): a new mark goes there. */
  onPlace: (point: { x: number; y: number }) => void;
  /** A tap on a mark that is not selected. */
  onSelect: (id: string) => void;
  /**
   * The selected mark dragged and dropped at `point`. Given, the stage is tap-to-place (the game
   * screens); without it, a tap places the one selected mark (a judge's, the console's).
   */
  onMove?: (id: string, point: { x: number; y: number }) => void;
  /** An arrow key: the selected mark one pixel (ten with Shift) on; without it, onPlace hears the keys. */
  onNudge?: (point: { x: number; y: number }) => void;
  /** The selected mark's delete control; without it, or with `canRemove` false, there is none. */
  onRemove?: (id: string) => void;
  canRemove?: boolean;
  reveal?: StageReveal | null;
  /** The reveal's count has landed (or the reveal was shown at once): the screen may show its result. */
  onRevealLanded?: () => void;
  disabled?: boolean;
  labels: StageLabels;
  onReady?: () => void;
  /** The addresses the screen already showed the picture by, for the image shown until the stage has drawn it. */
  previewImage?: ResponsiveImage;
  /**
   * The screen hears a tap on that image itself (the game screens' usePreviewTaps): a tap on it
   * already shows its mark, so the image shows no 'loading' note when the player touches it.
   */
  previewTakesTaps?: boolean;
}

/** The test API of test builds (VITE_TEST_API=1): a drawn canvas says nothing in the DOM. */
export interface StageTestApi {
  imageToClient(x: number, y: number): { x: number; y: number };
  getView(): { scale: number; x: number; y: number; fitScale: number; maxScale: number };
  zoomTo(scale: number, centerX: number, centerY: number): void;
  ready: boolean;
  rendererType: string;
  /** How many times the stage has drawn (it draws on demand only). */
  renders: number;
  /** Holds the reveal at `ms` after it began (a screenshot of that moment); null lets it run on. */
  holdRevealAt(ms: number | null): void;
  /** The reveal's shown labels and the part of the picture on the stage, in client px (page coordinates). */
  revealLayout(): {
    labels: Array<{ x: number; y: number; width: number; height: number }>;
    picture: { x: number; y: number; width: number; height: number } | null;
  };
}

/** What the scene reports to the React edge. */
export interface SceneCallbacks {
  /** A place, told after the frame that drew it; true when the screen answered with new marks. */
  onPlace(point: ImagePoint): boolean;
  /** A tap's new mark to show at once over the canvas, at `at` (stage px), before the place is told; null: no more. */
  onPlacing(at: ScreenPoint | null): void;
  /** A tap's selection, told after the frame that showed it; true when the screen selected the mark. */
  onSelect(id: string): boolean;
  onMove(id: string, point: ImagePoint): void;
  /** A drag of the selected mark began (its id) or ended (null). */
  onDragChange(id: string | null): void;
  /** The reveal's count has landed. */
  onRevealLanded(): void;
  /** The original pixel under a hovering mouse or an aiming finger; null when off the picture. */
  onPointerPixel(point: ImagePoint | null): void;
  onViewChange(view: ViewTransform, limits: ZoomLimits): void;
  onPictureDrawn(picture: GamePicture): void;
}

/** What the React edge asks of the scene (buttons, keys, the test API). */
export interface SceneHandle {
  zoomBy(factor: number): void;
  resetZoom(): void;
  zoomTo(scale: number, cx: number, cy: number): void;
  /** Keeps a (keyboard-moved) mark on screen. */
  showPoint(point: { x: number; y: number }): void;
  viewState(): { view: ViewTransform; stage: Size; image: Size };
  testApi(): StageTestApi;
}

/** What the scene draws: the edge's props, with the words it needs. */
export interface SceneProps {
  picture: GamePicture;
  marks: StageMark[];
  selectedId: string | null;
  reveal: StageReveal | null;
  inputEnabled: boolean;
  /** A tap on an empty spot places a new mark, a tap on a mark selects it, the selected one drags. */
  tapToPlace: boolean;
  /** A mark's distance in the reveal's words. */
  describeDistance: (pixels: number, ballWidth: number | null) => string;
  /** The size of the host element when the scene starts (then followed by a ResizeObserver). */
  host: HTMLElement;
  callbacks: SceneCallbacks;
}
