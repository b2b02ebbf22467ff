/**
 * The stage's camera: the view of the picture (scale and offset), the stage and picture sizes and
 * the zoom limits, changed by gestures, buttons, keys and the reveal. Plain TypeScript: every
 * rule is in view.ts and every conversion in coords.ts; the camera holds the state and tells its
 * listeners when it moves.
 */
import {
  type ImagePoint,
  type ScreenPoint,
  type Size,
  type ViewTransform,
  imagePoint,
  imageToWorld,
  screenPoint,
  screenToWorld,
  worldToImage,
  worldToScreen,
} from '../coords.ts';
import {
  type ZoomLimits,
  ZOOM_BUTTONS_BAND,
  clampView,
  isAtFit,
  panToShow,
  viewCentredOn,
  zoomLimits,
  zoomViewAt,
} from '../view.ts';

export type CameraListener = (view: ViewTransform, limits: ZoomLimits) => void;

export class Camera {
  private viewState: ViewTransform = { scale: 1, x: 0, y: 0 };
  private limitState: ZoomLimits = { min: 1, max: 12, bottomInset: ZOOM_BUTTONS_BAND };
  private stageSize: Size = { width: 1, height: 1 };
  private imageSize: Size = { width: 1, height: 1 };
  private readonly listeners = new Set<CameraListener>();

  get view(): ViewTransform {
    return this.viewState;
  }

  get limits(): ZoomLimits {
    return this.limitState;
  }

  get stage(): Size {
    return this.stageSize;
  }

  get image(): Size {
    return this.imageSize;
  }

  subscribe(listener: CameraListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setView(view: ViewTransform): void {
    this.viewState = view;
    for (const listener of this.listeners) listener(view, this.limitState);
  }

  /** A new stage size keeps a fitted picture fitted, else keeps the middle of the view in the middle. */
  resize(size: Size): void {
    const next = { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
    const wasFit = isAtFit(this.viewState, this.limitState);
    const centre = screenToWorld(screenPoint(this.stageSize.width / 2, this.stageSize.height / 2), this.viewState);
    this.stageSize = next;
    this.limitState = zoomLimits(this.stageSize, this.imageSize, ZOOM_BUTTONS_BAND);
    this.setView(
      wasFit
        ? viewCentredOn(
            this.limitState.min,
            this.imageSize.width / 2,
            this.imageSize.height / 2,
            this.stageSize,
            this.imageSize,
            this.limitState,
          )
        : viewCentredOn(this.viewState.scale, centre.x, centre.y, this.stageSize, this.imageSize, this.limitState),
    );
  }

  /** Another picture starts fitted. */
  setImage(size: Size): void {
    this.imageSize = { width: size.width, height: size.height };
    this.limitState = zoomLimits(this.stageSize, this.imageSize, ZOOM_BUTTONS_BAND);
    this.setView(
      clampView({ scale: this.limitState.min, x: 0, y: 0 }, this.stageSize, this.imageSize, this.limitState),
    );
  }

  zoomBy(factor: number): void {
    this.zoomAbout(screenPoint(this.stageSize.width / 2, this.stageSize.height / 2), factor);
  }

  zoomAbout(anchor: ScreenPoint, factor: number): void {
    this.setView(zoomViewAt(this.viewState, anchor, factor, this.stageSize, this.imageSize, this.limitState));
  }

  resetZoom(): void {
    this.setView(this.centredOn(this.limitState.min, this.imageSize.width / 2, this.imageSize.height / 2));
  }

  /** `scale` CSS px per original px, the world point (cx, cy) in the middle, clamped. */
  centredOn(scale: number, cx: number, cy: number): ViewTransform {
    return viewCentredOn(scale, cx, cy, this.stageSize, this.imageSize, this.limitState);
  }

  zoomTo(scale: number, cx: number, cy: number): void {
    this.setView(this.centredOn(scale, cx, cy));
  }

  panBy(dx: number, dy: number): void {
    this.setView(
      clampView(
        { scale: this.viewState.scale, x: this.viewState.x + dx, y: this.viewState.y + dy },
        this.stageSize,
        this.imageSize,
        this.limitState,
      ),
    );
  }

  showPoint(point: { x: number; y: number }): void {
    const next = panToShow(this.viewState, this.toScreen(point), this.stageSize, this.imageSize, this.limitState);
    if (next !== this.viewState) this.setView(next);
  }

  /** Where an original pixel's centre is drawn on the stage. */
  toScreen(point: { x: number; y: number }): ScreenPoint {
    return worldToScreen(imageToWorld(imagePoint(point.x, point.y)), this.viewState);
  }

  /** The original pixel under a stage point, or null off the picture. */
  pixelAt(point: ScreenPoint): ImagePoint | null {
    return worldToImage(screenToWorld(point, this.viewState), this.imageSize);
  }
}
