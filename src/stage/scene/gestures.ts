/**
 * Pointer input on the stage's canvas: tap to place or select, drag to pan, pinch and wheel to
 * zoom, press and hold (touch) to aim through the loupe. Plain TypeScript over DOM pointer
 * events; every conversion goes through the camera (coords.ts), every rule through view.ts.
 */
import {
  type ImagePoint,
  type ScreenPoint,
  type WorldPoint,
  clientToScreen,
  screenToWorld,
  worldPoint,
  worldToImage,
} from '../coords.ts';
import { hitsLabel, isTap, pinchView, wheelFactor } from '../view.ts';
import type { StageMark } from '../types.ts';
import type { Camera } from './camera.ts';

const HOLD_MS = 260;
/** While the loupe is up, the aim moves this much slower than the finger, for fine placement. */
const LOUPE_FINE = 1 / 3;

interface PointerTrack {
  type: string;
  start: ScreenPoint;
  last: ScreenPoint;
}

export interface GestureTarget {
  /** The marks as drawn now, and the selected one (a tap on another mark's number selects it). */
  marks(): { marks: readonly StageMark[]; selectedId: string | null; inputEnabled: boolean };
  onPlace(point: ImagePoint): void;
  onSelect(id: string): void;
  onPointerPixel(point: ImagePoint | null): void;
  /** The aim (loupe) appeared, moved or went. */
  onAimChange(): void;
}

export class Gestures {
  private readonly canvas: HTMLCanvasElement;
  private readonly camera: Camera;
  private readonly target: GestureTarget;
  private readonly pointers = new Map<number, PointerTrack>();
  private readonly listeners: Array<[string, EventListener, AddEventListenerOptions?]> = [];
  private dragging = false;
  private pinched = false;
  private holdTimer: number | null = null;
  /** The aimed world point while the loupe is up, and the finger that aims. */
  aim: WorldPoint | null = null;
  finger: ScreenPoint | null = null;

  constructor(canvas: HTMLCanvasElement, camera: Camera, target: GestureTarget) {
    this.canvas = canvas;
    this.camera = camera;
    this.target = target;
    this.listen('pointerdown', (e) => this.pointerDown(e as PointerEvent));
    this.listen('pointermove', (e) => this.pointerMove(e as PointerEvent));
    this.listen('pointerup', (e) => this.pointerUp(e as PointerEvent));
    this.listen('pointercancel', (e) => this.pointerCancel(e as PointerEvent));
    this.listen('pointerleave', (e) => {
      if ((e as PointerEvent).pointerType === 'mouse' && this.pointers.size === 0) this.target.onPointerPixel(null);
    });
    this.listen('wheel', (e) => this.wheel(e as WheelEvent), { passive: false });
    this.listen('contextmenu', (e) => e.preventDefault());
  }

  /** Input off (a reveal, a disabled stage): an aim in progress ends without placing. */
  disable(): void {
    this.clearHold();
    this.endAim();
  }

  destroy(): void {
    this.clearHold();
    for (const [type, listener, options] of this.listeners) this.canvas.removeEventListener(type, listener, options);
  }

  private listen(type: string, listener: EventListener, options?: AddEventListenerOptions): void {
    this.canvas.addEventListener(type, listener, options);
    this.listeners.push([type, listener, options]);
  }

  private screenOf(event: { clientX: number; clientY: number }): ScreenPoint {
    return clientToScreen(event.clientX, event.clientY, this.canvas.getBoundingClientRect(), this.camera.stage);
  }

  private get inputEnabled(): boolean {
    return this.target.marks().inputEnabled;
  }

  private pointerDown(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.canvas.setPointerCapture?.(event.pointerId);
    const at = this.screenOf(event);
    this.pointers.set(event.pointerId, { type: event.pointerType, start: at, last: at });
    if (this.pointers.size === 1) {
      this.dragging = false;
      this.pinched = false;
      if (event.pointerType === 'touch' && this.inputEnabled) {
        this.clearHold();
        this.holdTimer = window.setTimeout(() => this.startAim(event.pointerId), HOLD_MS);
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
    this.aim = screenToWorld(track.last, this.camera.view);
    this.finger = track.last;
    this.target.onPointerPixel(worldToImage(this.aim, this.camera.image));
    this.target.onAimChange();
  }

  private endAim(): void {
    if (this.aim === null) return;
    this.aim = null;
    this.finger = null;
    this.target.onAimChange();
  }

  private clearHold(): void {
    if (this.holdTimer !== null) window.clearTimeout(this.holdTimer);
    this.holdTimer = null;
  }

  private pointerMove(event: PointerEvent): void {
    const at = this.screenOf(event);
    const track = this.pointers.get(event.pointerId);
    if (!track) {
      if (event.pointerType === 'mouse') this.target.onPointerPixel(this.camera.pixelAt(at));
      return;
    }
    const previous = track.last;
    const camera = this.camera;
    if (this.pointers.size >= 2) {
      const other = [...this.pointers.entries()].find(([id]) => id !== event.pointerId)![1].last;
      track.last = at;
      camera.setView(pinchView(camera.view, [previous, other], [at, other], camera.stage, camera.image, camera.limits));
      return;
    }
    track.last = at;
    if (this.aim) {
      const dx = (at.x - previous.x) * LOUPE_FINE;
      const dy = (at.y - previous.y) * LOUPE_FINE;
      this.aim = worldPoint(
        Math.min(camera.image.width - 0.001, Math.max(0, this.aim.x + dx / camera.view.scale)),
        Math.min(camera.image.height - 0.001, Math.max(0, this.aim.y + dy / camera.view.scale)),
      );
      this.finger = at;
      this.target.onPointerPixel(worldToImage(this.aim, camera.image));
      this.target.onAimChange();
      return;
    }
    if (!this.dragging && !isTap(track.start, at, track.type)) {
      this.dragging = true;
      this.clearHold();
    }
    if (this.dragging) camera.panBy(at.x - previous.x, at.y - previous.y);
    if (event.pointerType === 'mouse') this.target.onPointerPixel(camera.pixelAt(at));
  }

  private pointerUp(event: PointerEvent): void {
    const track = this.pointers.get(event.pointerId);
    if (!track) return;
    this.pointers.delete(event.pointerId);
    this.clearHold();
    const at = this.screenOf(event);
    if (this.aim) {
      const pixel = worldToImage(this.aim, this.camera.image);
      this.endAim();
      if (pixel && this.inputEnabled) this.target.onPlace(pixel);
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
    const { marks, selectedId } = this.target.marks();
    for (let i = marks.length - 1; i >= 0; i--) {
      const mark = marks[i]!;
      if (!mark.point || mark.locked || mark.id === selectedId) continue;
      if (hitsLabel(at, this.camera.toScreen(mark.point))) {
        this.target.onSelect(mark.id);
        return;
      }
    }
    const pixel = this.camera.pixelAt(at);
    if (pixel) this.target.onPlace(pixel);
  }

  private wheel(event: WheelEvent): void {
    event.preventDefault();
    this.camera.zoomAbout(this.screenOf(event), wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey));
  }
}
