/**
 * The picture stage's engine: a PixiJS application around a host element, driven by setters and
 * reporting through callbacks. No React here (the edge is PictureStage.tsx) and no ticket state:
 * it draws the marks it is given and says where the player tapped. Gestures are read from DOM
 * pointer events and every conversion between spaces goes through coords.ts.
 */
// The site's CSP forbids eval, which Pixi's WebGL renderer uses for shaders and uniforms unless
// this module (polyfills that avoid eval, despite its name) is loaded first.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, GraphicsContext, ImageSource, Sprite, Text, Texture } from 'pixi.js';
import {
  type ImagePoint,
  type ScreenPoint,
  type Size,
  type ViewTransform,
  type WorldPoint,
  clientToScreen,
  imagePoint,
  imageToWorld,
  screenPoint,
  screenToClient,
  screenToWorld,
  variantScale,
  worldPoint,
  worldToImage,
  worldToScreen,
} from './coords.ts';
import {
  LOUPE,
  MARK,
  type ZoomLimits,
  chooseVariant,
  clampView,
  hitsLabel,
  isAtFit,
  isTap,
  loupeCentre,
  loupeScale,
  panToShow,
  pinchView,
  viewCentredOn,
  wheelFactor,
  zoomLimits,
  zoomViewAt,
} from './view.ts';
import type { GamePicture } from '../../domain/practice.ts';

export interface EngineMark {
  id: string;
  label: string;
  point: { x: number; y: number } | null;
  /** A ticket already bought or in the cart: drawn in grey with a ring and a padlock badge instead of a number, never selected or moved. */
  locked?: boolean;
}

export interface EngineReveal {
  picture: GamePicture;
  ball: { x: number; y: number };
  distances: Record<string, number>;
  bestId: string | null;
  ballWidth?: number | null;
  /** The words drawn beside each mark; pixels with one decimal when absent. */
  describeDistance?: (pixels: number) => string;
}

export interface EngineCallbacks {
  onPlace(point: ImagePoint): void;
  onSelect(id: string): void;
  /** The original pixel under a hovering mouse or an aiming finger; null when off the picture. */
  onPointerPixel(point: ImagePoint | null): void;
  onViewChange(view: ViewTransform, limits: ZoomLimits): void;
  onPictureDrawn(picture: GamePicture): void;
}

/** Effects the engine needs from the page, so that it calls no timers or loaders of its own. */
export interface EngineHost {
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
  setTimer(callback: () => void, ms: number): number;
  clearTimer(handle: number): void;
  loadImage(url: string): Promise<HTMLImageElement>;
  devicePixelRatio(): number;
  now(): number;
}

export const browserHost: EngineHost = {
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (handle) => window.clearTimeout(handle),
  loadImage: async (url) => {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    return image;
  },
  devicePixelRatio: () => window.devicePixelRatio || 1,
  now: () => performance.now(),
};

const COLORS = { ink: 0x1b1f1d, white: 0xffffff, gold: 0xf2b705, ball: 0xc8102e, backdrop: 0x1b1f1d, locked: 0xa7b0ab } as const;
const HOLD_MS = 260;
const FADE_MS = 700;
/** While the loupe is up, the aim moves this much slower than the finger, for fine placement. */
const LOUPE_FINE = 1 / 3;

interface PointerTrack {
  type: string;
  start: ScreenPoint;
  last: ScreenPoint;
}

interface MarkSprite {
  root: Container;
  cross: Graphics;
  pill: Graphics;
  text: Text;
  label: string;
}

function crosshair(arm: number, colour: number, ring: boolean): GraphicsContext {
  const ctx = new GraphicsContext();
  const arms = (width: number, color: number) => {
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      ctx.moveTo(dx * MARK.gap, dy * MARK.gap).lineTo(dx * arm, dy * arm);
    }
    ctx.stroke({ width, color, cap: 'round' });
  };
  arms(4, COLORS.ink);
  arms(2, colour);
  if (ring) {
    ctx.circle(0, 0, arm - 3).stroke({ width: 4, color: COLORS.ink });
    ctx.circle(0, 0, arm - 3).stroke({ width: 2, color: colour });
  }
  return ctx;
}

function pill(fill: number): GraphicsContext {
  const half = MARK.labelHit - 3;
  return new GraphicsContext().roundRect(-half, -half + 1, half * 2, half * 2 - 2, 6).fill({ color: fill }).stroke({ width: 1.5, color: COLORS.ink });
}

/** The badge of a locked mark, where the others show their number: grey with a padlock. */
function padlock(): GraphicsContext {
  const ctx = pill(COLORS.locked);
  ctx.moveTo(-3.5, -1).lineTo(-3.5, -3.5).arc(0, -3.5, 3.5, Math.PI, 0).lineTo(3.5, -1).stroke({ width: 2, color: COLORS.ink });
  return ctx.roundRect(-5.5, -1.5, 11, 8.5, 1.5).fill({ color: COLORS.ink });
}

export class StageEngine {
  private readonly app = new Application();
  private readonly host: EngineHost;
  private readonly callbacks: EngineCallbacks;
  private readonly element: HTMLElement;
  private initialised = false;
  private destroyed = false;

  private readonly world = new Container();
  private readonly picture = new Sprite();
  private readonly revealSprite = new Sprite();
  private readonly overlay = new Container();
  private readonly revealLayer = new Graphics();
  private readonly revealTexts = new Container();
  private readonly markLayer = new Container();
  private readonly aimMark = new Graphics();
  private readonly loupe = new Container();
  private readonly loupeSprite = new Sprite();
  private readonly loupeMask = new Graphics();
  private readonly loupeFrame = new Graphics();

  private readonly contexts = {
    cross: crosshair(MARK.arm, COLORS.white, false),
    crossSelected: crosshair(MARK.selectedArm, COLORS.gold, true),
    pill: pill(COLORS.white),
    pillSelected: pill(COLORS.gold),
    crossLocked: crosshair(MARK.arm, COLORS.locked, true),
    pillLocked: padlock(),
  };

  private stage: Size = { width: 1, height: 1 };
  private image: Size = { width: 1, height: 1 };
  private view: ViewTransform = { scale: 1, x: 0, y: 0 };
  private limits: ZoomLimits = { min: 1, max: 12 };
  private pictureData: GamePicture | null = null;
  private pictureKey = '';
  private pictureLoad = 0;
  private textures: Texture[] = [];

  private marks: EngineMark[] = [];
  private selectedId: string | null = null;
  private readonly markSprites = new Map<string, MarkSprite>();
  private reveal: EngineReveal | null = null;
  private revealAlpha = 0;
  private lastFrameAt = 0;
  private inputEnabled = true;

  private readonly pointers = new Map<number, PointerTrack>();
  private dragging = false;
  private pinched = false;
  private holdTimer: number | null = null;
  private aim: WorldPoint | null = null;
  private frame: number | null = null;
  private readonly listeners: Array<[EventTarget, string, EventListener, AddEventListenerOptions?]> = [];

  constructor(element: HTMLElement, callbacks: EngineCallbacks, host: EngineHost = browserHost) {
    this.element = element;
    this.callbacks = callbacks;
    this.host = host;
  }

  async init(size: Size): Promise<void> {
    this.stage = { width: Math.max(1, size.width), height: Math.max(1, size.height) };
    await this.app.init({
      width: this.stage.width,
      height: this.stage.height,
      resolution: this.host.devicePixelRatio(),
      autoDensity: true,
      antialias: true,
      background: COLORS.backdrop,
      autoStart: false,
      sharedTicker: false,
      preference: 'webgl',
    });
    if (this.destroyed) {
      this.app.destroy({ removeView: true }, { children: true });
      return;
    }
    this.initialised = true;
    const canvas = this.app.canvas;
    canvas.style.display = 'block';
    canvas.style.touchAction = 'none';
    this.element.appendChild(canvas);

    this.world.addChild(this.picture, this.revealSprite);
    this.revealSprite.alpha = 0;
    this.loupe.visible = false;
    this.loupe.addChild(this.loupeSprite);
    this.loupe.addChild(this.loupeMask, this.loupeFrame);
    this.loupeSprite.mask = this.loupeMask;
    this.overlay.addChild(this.revealLayer, this.revealTexts, this.markLayer, this.aimMark, this.loupe);
    this.app.stage.addChild(this.world, this.overlay);

    this.listen(canvas, 'pointerdown', (e) => this.pointerDown(e as PointerEvent));
    this.listen(canvas, 'pointermove', (e) => this.pointerMove(e as PointerEvent));
    this.listen(canvas, 'pointerup', (e) => this.pointerUp(e as PointerEvent));
    this.listen(canvas, 'pointercancel', (e) => this.pointerCancel(e as PointerEvent));
    this.listen(canvas, 'pointerleave', (e) => {
      if ((e as PointerEvent).pointerType === 'mouse' && this.pointers.size === 0) this.callbacks.onPointerPixel(null);
    });
    this.listen(canvas, 'wheel', (e) => this.wheel(e as WheelEvent), { passive: false });
    this.listen(canvas, 'contextmenu', (e) => e.preventDefault());
    if (this.pictureData) void this.setPicture(this.pictureData);
    this.invalidate();
  }

  get isReady(): boolean {
    return this.initialised && this.picture.texture !== Texture.EMPTY && this.picture.visible;
  }

  get rendererType(): string {
    return this.initialised ? this.app.renderer.name : 'none';
  }

  getView(): ViewTransform & { fitScale: number; maxScale: number } {
    return { ...this.view, fitScale: this.limits.min, maxScale: this.limits.max };
  }

  /** Client CSS px of the centre of an original pixel (the test API). */
  imageToClient(x: number, y: number): { x: number; y: number } {
    return screenToClient(worldToScreen(imageToWorld(imagePoint(x, y)), this.view), this.canvasRect(), this.stage);
  }

  resize(size: Size): void {
    const next = { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) };
    // Browser zoom or a move to another screen changes the density, sometimes without a new size.
    const resolutionChanged = this.initialised && this.app.renderer.resolution !== this.host.devicePixelRatio();
    if (next.width === this.stage.width && next.height === this.stage.height && !resolutionChanged) return;
    const wasFit = isAtFit(this.view, this.limits);
    const centre = screenToWorld(screenPoint(this.stage.width / 2, this.stage.height / 2), this.view);
    this.stage = next;
    if (this.initialised) this.app.renderer.resize(next.width, next.height, this.host.devicePixelRatio());
    this.limits = zoomLimits(this.stage, this.image);
    this.setView(wasFit ? viewCentredOn(this.limits.min, this.image.width / 2, this.image.height / 2, this.stage, this.image, this.limits) : viewCentredOn(this.view.scale, centre.x, centre.y, this.stage, this.image, this.limits));
  }

  async setPicture(picture: GamePicture): Promise<void> {
    // An equal picture in a new object (a re-render upstream) keeps the view and the texture.
    const key = `${picture.width}x${picture.height} ${picture.variants.map((variant) => variant.url).join(' ')}`;
    const samePicture = this.pictureKey === key;
    this.pictureData = picture;
    if (!this.initialised) return;
    if (samePicture && this.shown.get(this.picture)) {
      this.shown.get(this.picture)!.picture = picture;
      this.callbacks.onPictureDrawn(picture);
      return;
    }
    this.pictureKey = key;
    const load = ++this.pictureLoad;
    if (!samePicture || this.image.width !== picture.width || this.image.height !== picture.height) {
      this.image = { width: picture.width, height: picture.height };
      this.limits = zoomLimits(this.stage, this.image);
      this.view = clampView({ scale: this.limits.min, x: 0, y: 0 }, this.stage, this.image, this.limits);
    }
    this.picture.visible = false;
    const variant = chooseVariant(picture, this.stage.width, this.host.devicePixelRatio());
    const texture = await this.loadTexture(variant.url);
    if (this.destroyed || load !== this.pictureLoad) return;
    this.showTexture(this.picture, texture, picture);
    this.shown.set(this.picture, { picture, width: variant.width });
    this.picture.visible = true;
    this.setView(this.view);
    this.renderNow();
    this.callbacks.onPictureDrawn(picture);
  }

  /** The variant each picture sprite shows, so that a zoom or a wider stage can upgrade it. */
  private readonly shown = new Map<Sprite, { picture: GamePicture; width: number }>();

  /**
   * The picture is wanted at the width it is displayed (at least the stage's): a stage that grows
   * or a zoom past what the small variant can show sharply loads the large one (never the reverse).
   */
  private maybeUpgradeVariants(): void {
    const displayed = Math.max(this.stage.width, this.image.width * this.view.scale);
    for (const [sprite, shown] of this.shown) {
      const variant = chooseVariant(shown.picture, displayed, this.host.devicePixelRatio());
      if (variant.width <= shown.width) continue;
      const load = this.pictureLoad;
      shown.width = variant.width;
      void this.loadTexture(variant.url).then((texture) => {
        if (this.destroyed || load !== this.pictureLoad || this.shown.get(sprite)?.picture !== shown.picture) return;
        this.showTexture(sprite, texture, shown.picture);
        this.invalidate();
      });
    }
  }

  private async loadTexture(url: string): Promise<Texture> {
    const image = await this.host.loadImage(url);
    const source = new ImageSource({ resource: image, autoGenerateMipmaps: true, scaleMode: 'linear' });
    const texture = new Texture({ source });
    this.textures.push(texture);
    return texture;
  }

  /** World space is the original's pixel space: the variant's sprite is scaled up to it. */
  private showTexture(sprite: Sprite, texture: Texture, picture: GamePicture): void {
    sprite.texture = texture;
    sprite.scale.set(variantScale(picture, { width: texture.width, height: texture.height }), picture.height / texture.height);
    if (sprite === this.picture) {
      this.loupeSprite.texture = texture;
    }
  }

  setMarks(marks: EngineMark[], selectedId: string | null): void {
    this.marks = marks;
    this.selectedId = selectedId;
    const seen = new Set<string>();
    for (const mark of marks) {
      seen.add(mark.id);
      let sprite = this.markSprites.get(mark.id);
      if (!sprite) {
        const cross = new Graphics(this.contexts.cross);
        const pillGraphic = new Graphics(this.contexts.pill);
        const text = new Text({ text: mark.label, style: { fontFamily: 'system-ui, sans-serif', fontSize: 13, fontWeight: '700', fill: COLORS.ink } });
        text.anchor.set(0.5);
        pillGraphic.position.set(MARK.labelOffset.x, MARK.labelOffset.y);
        text.position.set(MARK.labelOffset.x, MARK.labelOffset.y + 0.5);
        const root = new Container();
        root.addChild(cross, pillGraphic, text);
        sprite = { root, cross, pill: pillGraphic, text, label: mark.label };
        this.markSprites.set(mark.id, sprite);
        this.markLayer.addChild(root);
      }
      if (sprite.label !== mark.label) {
        sprite.text.text = mark.label;
        sprite.label = mark.label;
      }
      const selected = mark.id === selectedId && !mark.locked;
      sprite.cross.context = mark.locked ? this.contexts.crossLocked : selected ? this.contexts.crossSelected : this.contexts.cross;
      sprite.pill.context = mark.locked ? this.contexts.pillLocked : selected ? this.contexts.pillSelected : this.contexts.pill;
      sprite.text.visible = !mark.locked;
      sprite.root.visible = mark.point !== null;
    }
    for (const [id, sprite] of this.markSprites) {
      if (seen.has(id)) continue;
      sprite.root.destroy({ children: true });
      this.markSprites.delete(id);
    }
    // The selected mark is drawn last, above the others.
    const selectedSprite = selectedId ? this.markSprites.get(selectedId) : undefined;
    if (selectedSprite) this.markLayer.addChild(selectedSprite.root);
    this.invalidate();
  }

  async setReveal(reveal: EngineReveal | null): Promise<void> {
    this.reveal = reveal;
    this.revealTexts.removeChildren().forEach((child) => child.destroy());
    if (!reveal) {
      this.shown.delete(this.revealSprite);
      this.revealAlpha = 0;
      this.revealSprite.alpha = 0;
      this.invalidate();
      return;
    }
    for (const mark of this.marks) {
      const distance = reveal.distances[mark.id];
      if (distance === undefined || !mark.point) continue;
      const best = mark.id === reveal.bestId;
      const text = new Text({
        text: reveal.describeDistance ? reveal.describeDistance(distance) : `${distance.toFixed(1)} px`,
        style: { fontFamily: 'system-ui, sans-serif', fontSize: best ? 14 : 12, fontWeight: '700', fill: best ? COLORS.gold : COLORS.white, stroke: { color: COLORS.ink, width: 4 } },
      });
      text.anchor.set(0.5, 0);
      text.label = mark.id;
      this.revealTexts.addChild(text);
    }
    this.invalidate();
    if (!this.initialised) return;
    const load = this.pictureLoad;
    const variant = chooseVariant(reveal.picture, Math.max(this.stage.width, this.image.width * this.view.scale), this.host.devicePixelRatio());
    const texture = await this.loadTexture(variant.url);
    if (this.destroyed || load !== this.pictureLoad || this.reveal !== reveal) return;
    this.showTexture(this.revealSprite, texture, reveal.picture);
    this.shown.set(this.revealSprite, { picture: reveal.picture, width: variant.width });
    this.lastFrameAt = this.host.now();
    this.invalidate();
  }

  setInputEnabled(enabled: boolean): void {
    this.inputEnabled = enabled;
    if (!enabled) this.endAim();
  }

  zoomBy(factor: number): void {
    this.setView(zoomViewAt(this.view, screenPoint(this.stage.width / 2, this.stage.height / 2), factor, this.stage, this.image, this.limits));
  }

  resetZoom(): void {
    this.setView(viewCentredOn(this.limits.min, this.image.width / 2, this.image.height / 2, this.stage, this.image, this.limits));
  }

  /** The test API's zoomTo: `scale` CSS px per original px, (cx, cy) original px in the middle. */
  zoomTo(scale: number, cx: number, cy: number): void {
    this.setView(viewCentredOn(scale, cx, cy, this.stage, this.image, this.limits));
  }

  /** Keeps a (keyboard-moved) mark on screen. */
  showPoint(point: { x: number; y: number }): void {
    this.setView(panToShow(this.view, worldToScreen(imageToWorld(imagePoint(point.x, point.y)), this.view), this.stage, this.image, this.limits));
  }

  /** What the keyboard needs to find the pixel in the middle of the view. */
  viewState(): { view: ViewTransform; stage: Size; image: Size } {
    return { view: this.view, stage: this.stage, image: this.image };
  }

  destroy(): void {
    this.destroyed = true;
    if (this.frame !== null) this.host.cancelFrame(this.frame);
    if (this.holdTimer !== null) this.host.clearTimer(this.holdTimer);
    for (const [target, type, listener, options] of this.listeners) target.removeEventListener(type, listener, options);
    if (!this.initialised) return;
    this.app.destroy({ removeView: true }, { children: true });
    for (const texture of this.textures) texture.destroy(true);
    for (const ctx of Object.values(this.contexts)) ctx.destroy();
  }

  // Drawing

  private setView(view: ViewTransform): void {
    this.view = view;
    this.callbacks.onViewChange(view, this.limits);
    this.maybeUpgradeVariants();
    this.invalidate();
  }

  private invalidate(): void {
    if (this.frame !== null || this.destroyed || !this.initialised) return;
    this.frame = this.host.requestFrame(() => {
      this.frame = null;
      this.renderNow();
    });
  }

  private renderNow(): void {
    if (!this.initialised || this.destroyed) return;
    this.layout();
    this.app.render();
  }

  private toScreen(point: { x: number; y: number }): ScreenPoint {
    return worldToScreen(imageToWorld(imagePoint(point.x, point.y)), this.view);
  }

  private layout(): void {
    const { scale, x, y } = this.view;
    this.world.position.set(x, y);
    this.world.scale.set(scale);
    // Pixels become visible squares when zoomed far in, so the aimed pixel is unambiguous.
    const source = this.picture.texture.source;
    const texelOnScreen = (scale * this.image.width) / Math.max(1, this.picture.texture.width);
    const wanted = texelOnScreen >= 6 ? 'nearest' : 'linear';
    if (source.scaleMode !== wanted) source.scaleMode = wanted;

    for (const mark of this.marks) {
      const sprite = this.markSprites.get(mark.id);
      if (!sprite || !mark.point) continue;
      const at = this.toScreen(mark.point);
      sprite.root.position.set(at.x, at.y);
    }
    this.layoutReveal();
    this.layoutAim();
  }

  private layoutReveal(): void {
    const g = this.revealLayer.clear();
    const reveal = this.reveal;
    if (!reveal) return;
    if (this.revealSprite.texture !== Texture.EMPTY && this.revealAlpha < 1) {
      const now = this.host.now();
      this.revealAlpha = Math.min(1, this.revealAlpha + (now - this.lastFrameAt) / FADE_MS);
      this.lastFrameAt = now;
      this.revealSprite.alpha = this.revealAlpha;
      if (this.revealAlpha < 1) this.invalidate();
    }
    const ball = this.toScreen(reveal.ball);
    for (const mark of this.marks) {
      if (!mark.point || reveal.distances[mark.id] === undefined) continue;
      const best = mark.id === reveal.bestId;
      const at = this.toScreen(mark.point);
      g.moveTo(at.x, at.y).lineTo(ball.x, ball.y).stroke({ width: best ? 5 : 3.5, color: COLORS.ink, alpha: 0.7 });
      g.moveTo(at.x, at.y).lineTo(ball.x, ball.y).stroke({ width: best ? 3 : 1.5, color: best ? COLORS.gold : COLORS.white });
      if (best) g.circle(at.x, at.y, MARK.selectedArm + 6).stroke({ width: 5, color: COLORS.ink }).circle(at.x, at.y, MARK.selectedArm + 6).stroke({ width: 3, color: COLORS.gold });
      const text = this.revealTexts.children.find((child) => child.label === mark.id);
      if (text) text.position.set(at.x, at.y + MARK.selectedArm + 4);
    }
    g.circle(ball.x, ball.y, 18).stroke({ width: 6, color: COLORS.white });
    g.circle(ball.x, ball.y, 18).stroke({ width: 3, color: COLORS.ball });
  }

  private layoutAim(): void {
    const aim = this.aim;
    this.aimMark.clear();
    this.loupe.visible = aim !== null;
    if (!aim) return;
    const at = worldToScreen(aim, this.view);
    this.aimMark.circle(at.x, at.y, 6).stroke({ width: 3, color: COLORS.ink }).circle(at.x, at.y, 6).stroke({ width: 1.5, color: COLORS.gold });
    const finger = this.lastFinger ?? at;
    const centre = loupeCentre(finger, this.stage);
    const zoom = loupeScale(this.view.scale);
    this.loupe.position.set(centre.x, centre.y);
    const texture = this.loupeSprite.texture;
    this.loupeSprite.scale.set((this.image.width / Math.max(1, texture.width)) * zoom, (this.image.height / Math.max(1, texture.height)) * zoom);
    this.loupeSprite.position.set(-aim.x * zoom, -aim.y * zoom);
    const r = LOUPE.radius;
    this.loupeMask.clear().circle(0, 0, r).fill({ color: COLORS.white });
    // The frame, the aimed pixel's box and a crosshair with a gap around that pixel.
    const half = zoom / 2;
    this.loupeFrame
      .clear()
      .circle(0, 0, r).stroke({ width: 4, color: COLORS.ink })
      .circle(0, 0, r - 2).stroke({ width: 2, color: COLORS.white })
      .rect((Math.floor(aim.x) - aim.x) * zoom, (Math.floor(aim.y) - aim.y) * zoom, zoom, zoom).stroke({ width: 1.5, color: COLORS.gold })
      .moveTo(-r + 6, 0).lineTo(-half - 3, 0).moveTo(half + 3, 0).lineTo(r - 6, 0)
      .moveTo(0, -r + 6).lineTo(0, -half - 3).moveTo(0, half + 3).lineTo(0, r - 6)
      .stroke({ width: 1.5, color: COLORS.gold });
  }

  // Input

  private lastFinger: ScreenPoint | null = null;

  private listen(target: EventTarget, type: string, listener: EventListener, options?: AddEventListenerOptions): void {
    target.addEventListener(type, listener, options);
    this.listeners.push([target, type, listener, options]);
  }

  private canvasRect(): DOMRect {
    return this.app.canvas.getBoundingClientRect();
  }

  private screenOf(event: { clientX: number; clientY: number }): ScreenPoint {
    return clientToScreen(event.clientX, event.clientY, this.canvasRect(), this.stage);
  }

  private pixelAt(point: ScreenPoint): ImagePoint | null {
    return worldToImage(screenToWorld(point, this.view), this.image);
  }

  private pointerDown(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.app.canvas.setPointerCapture?.(event.pointerId);
    const at = this.screenOf(event);
    this.pointers.set(event.pointerId, { type: event.pointerType, start: at, last: at });
    if (this.pointers.size === 1) {
      this.dragging = false;
      this.pinched = false;
      if (event.pointerType === 'touch' && this.inputEnabled) {
        this.clearHold();
        this.holdTimer = this.host.setTimer(() => this.startAim(event.pointerId), HOLD_MS);
      }
    } else {
      // A second finger: this gesture is a pinch, never a tap or an aim.
      this.pinched = true;
      this.clearHold();
      this.endAim();
    }
  }

  private startAim(pointerId: number): void {
    this.holdTimer = null;
    const track = this.pointers.get(pointerId);
    if (!track || this.dragging || this.pinched) return;
    this.aim = screenToWorld(track.last, this.view);
    this.lastFinger = track.last;
    this.callbacks.onPointerPixel(worldToImage(this.aim, this.image));
    this.invalidate();
  }

  private endAim(): void {
    if (this.aim === null) return;
    this.aim = null;
    this.lastFinger = null;
    this.invalidate();
  }

  private clearHold(): void {
    if (this.holdTimer !== null) this.host.clearTimer(this.holdTimer);
    this.holdTimer = null;
  }

  private pointerMove(event: PointerEvent): void {
    const at = this.screenOf(event);
    const track = this.pointers.get(event.pointerId);
    if (!track) {
      if (event.pointerType === 'mouse') this.callbacks.onPointerPixel(this.pixelAt(at));
      return;
    }
    const previous = track.last;
    if (this.pointers.size >= 2) {
      const others = [...this.pointers.entries()].filter(([id]) => id !== event.pointerId);
      const other = others[0]![1].last;
      track.last = at;
      this.setView(pinchView(this.view, [previous, other], [at, other], this.stage, this.image, this.limits));
      return;
    }
    track.last = at;
    if (this.aim) {
      const dx = (at.x - previous.x) * LOUPE_FINE;
      const dy = (at.y - previous.y) * LOUPE_FINE;
      this.aim = worldPoint(
        Math.min(this.image.width - 0.001, Math.max(0, this.aim.x + dx / this.view.scale)),
        Math.min(this.image.height - 0.001, Math.max(0, this.aim.y + dy / this.view.scale)),
      );
      this.lastFinger = at;
      this.callbacks.onPointerPixel(worldToImage(this.aim, this.image));
      this.invalidate();
      return;
    }
    if (!this.dragging && !isTap(track.start, at, track.type)) {
      this.dragging = true;
      this.clearHold();
    }
    if (this.dragging) {
      this.setView(clampView({ scale: this.view.scale, x: this.view.x + at.x - previous.x, y: this.view.y + at.y - previous.y }, this.stage, this.image, this.limits));
    }
    if (event.pointerType === 'mouse') this.callbacks.onPointerPixel(this.pixelAt(at));
  }

  private pointerUp(event: PointerEvent): void {
    const track = this.pointers.get(event.pointerId);
    if (!track) return;
    this.pointers.delete(event.pointerId);
    this.clearHold();
    const at = this.screenOf(event);
    if (this.aim) {
      const pixel = worldToImage(this.aim, this.image);
      this.endAim();
      if (pixel && this.inputEnabled) this.callbacks.onPlace(pixel);
      return;
    }
    if (this.pointers.size > 0 || this.pinched || this.dragging) {
      if (this.pointers.size === 0) {
        this.pinched = false;
        this.dragging = false;
      }
      return;
    }
    if (!isTap(track.start, at, track.type) || !this.inputEnabled) return;
    this.tap(at);
  }

  private pointerCancel(event: PointerEvent): void {
    this.pointers.delete(event.pointerId);
    this.clearHold();
    this.endAim();
  }

  private tap(at: ScreenPoint): void {
    // A tap on another mark's number selects it; anywhere else places the selected mark.
    for (let i = this.marks.length - 1; i >= 0; i--) {
      const mark = this.marks[i]!;
      if (!mark.point || mark.locked || mark.id === this.selectedId) continue;
      if (hitsLabel(at, this.toScreen(mark.point))) {
        this.callbacks.onSelect(mark.id);
        return;
      }
    }
    const pixel = this.pixelAt(at);
    if (pixel) this.callbacks.onPlace(pixel);
  }

  private wheel(event: WheelEvent): void {
    event.preventDefault();
    const at = this.screenOf(event);
    this.setView(zoomViewAt(this.view, at, wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey), this.stage, this.image, this.limits));
  }
}
