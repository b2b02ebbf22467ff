/**
 * Pointer input on the stage's canvas: a tap on an empty spot places a new mark, a tap on a mark
 * selects it, the selected mark can be dragged to move it (with the loupe under a finger), a drag
 * elsewhere pans, pinch and wheel zoom, press and hold (touch) aims through the loupe. Plain
 * TypeScript over DOM pointer events; every conversion goes through the camera (coords.ts), every
 * rule through view.ts. Whether a tap is on a mark is decided here, in screen pixels (the 12 px
 * hit radius): the machine hears only 'place here', 'select that one' or 'move that one here'.
 */
import {
  type ImagePoint,
  type ScreenPoint,
  type WorldPoint,
  clientToScreen,
  screenPoint,
  screenToWorld,
  worldPoint,
  worldToImage,
} from '../coords.ts';
import { PlacesInFlight } from '../placing-cross.ts';
import { withoutMouseEvents } from '../touch-end.ts';
import { hitsMark, isTap, markTapped, pinchView, wheelFactor } from '../view.ts';
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
  /**
   * The marks as drawn now, the selected one, and whether a tap places a new mark (the game
   * screens) or moves the one selected mark (a judge's or the console's single mark, where a tap
   * near it places it anew and there is no drag).
   */
  marks(): { marks: readonly StageMark[]; selectedId: string | null; inputEnabled: boolean; tapToPlace: boolean };
  /** A tap (or an aim released) on an empty spot; true when the screen answered with new marks (not a refusal). */
  onPlace(point: ImagePoint): boolean;
  /**
   * A tap on a mark that is not the selected one, told after the frame that showed it selected;
   * true when the screen selected it.
   */
  onSelect(id: string): boolean;
  /** The selected mark was dragged and dropped here. */
  onMove(id: string, point: ImagePoint): void;
  onPointerPixel(point: ImagePoint | null): void;
  /** The aim (loupe) or a dragged mark appeared, moved or went, or a tap moved the one mark. */
  onAimChange(): void;
  /**
   * A tap's new mark, or the mark a tap selects, to show at once as the selected mark's crosshair at
   * `at` (stage px), over the canvas; null: no more (the scene has drawn the screen's marks, or the
   * place or the selection was refused or dropped).
   */
  onPlacing(at: ScreenPoint | null): void;
  /** A drag of the selected mark began (its id) or ended (null). */
  onDragChange(id: string | null): void;
}

/** The selected mark under a finger or the mouse, and where it is being dragged to. */
interface Grab {
  id: string;
  pointerId: number;
  /** From the pointer to the mark's centre, so the mark does not jump under the pointer. */
  offset: { x: number; y: number };
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
  private grab: Grab | null = null;
  /** The aimed world point while the loupe is up, and the finger that aims. */
  aim: WorldPoint | null = null;
  finger: ScreenPoint | null = null;
  /** The selected mark while it is dragged: drawn here instead of at its ticket's pixel. */
  dragged: { id: string; world: WorldPoint } | null = null;
  /**
   * A tap's place on its way to the machine, shown in the tap's own frame (issue 29): a new mark as
   * a selected mark's crosshair at `point`, drawn over the canvas by the edge (onPlacing: the DOM,
   * so the tap's frame neither redraws the canvas nor uploads it again), or `moves`, the one mark a
   * tap moves where it does not make a new one, drawn there by the scene. The machine hears of the
   * place once that frame is painted. Its answer (the ticket's number on the mark, the ticket bar,
   * the readout, a refusal) comes in a later frame, the crosshair kept until the marks are drawn
   * (placesDrawn). A tap's frame that waited for the whole screen's render and its DOM answered in
   * 120-140 ms at 4x CPU here, one that drew the mark on the canvas only in 80-90
   * (bench/stage-compare.ts).
   */
  placing: { point: ImagePoint; moves: string | null } | null = null;
  /** The places waiting for their frame's paint, and for the scene to draw the screen's answer. */
  private readonly inFlight = new PlacesInFlight(() => {
    const moves = this.placing?.moves ?? null;
    this.placing = null;
    if (moves) this.target.onAimChange();
    else this.target.onPlacing(null);
  });

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
    // No mouse events and click after a finger's tap (touch-end.ts).
    this.listen('touchend', (e) => withoutMouseEvents(e as TouchEvent), { passive: false });
  }

  /** Input off (a reveal, a disabled stage): an aim, a drag or a place in progress ends without placing. */
  disable(): void {
    this.clearHold();
    this.endAim();
    this.endDrag();
    this.inFlight.drop();
  }

  destroy(): void {
    this.clearHold();
    this.inFlight.drop();
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

  /** The unlocked, marked marks where they are drawn now. */
  private drawnMarks(): Array<{ id: string; at: ScreenPoint }> {
    return this.target
      .marks()
      .marks.flatMap((mark) =>
        mark.point && !mark.locked ? [{ id: mark.id, at: this.camera.toScreen(mark.point) }] : [],
      );
  }

  private pointerDown(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.canvas.setPointerCapture?.(event.pointerId);
    const at = this.screenOf(event);
    this.pointers.set(event.pointerId, { type: event.pointerType, start: at, last: at });
    if (this.pointers.size === 1) {
      this.dragging = false;
      this.pinched = false;
      if (!this.inputEnabled) return;
      // On the selected mark: a drag moves it (a tap stays a tap).
      const { selectedId, tapToPlace } = this.target.marks();
      const selected = tapToPlace ? this.drawnMarks().find((mark) => mark.id === selectedId) : undefined;
      if (selected && hitsMark(at, selected.at)) {
        this.grab = {
          id: selected.id,
          pointerId: event.pointerId,
          offset: { x: selected.at.x - at.x, y: selected.at.y - at.y },
        };
        return;
      }
      if (event.pointerType === 'touch') {
        this.clearHold();
        this.holdTimer = window.setTimeout(() => this.startAim(event.pointerId), HOLD_MS);
      }
    } else {
      // A second finger: this gesture is a pinch, never a tap, an aim or a drag of a mark.
      this.pinched = true;
      this.clearHold();
      this.endAim();
      this.endDrag();
    }
  }

  /** Where the grabbed mark goes for a pointer at `at`: its centre keeps its offset, inside the picture. */
  private dragTo(at: ScreenPoint, grab: Grab): WorldPoint {
    const world = screenToWorld(screenPoint(at.x + grab.offset.x, at.y + grab.offset.y), this.camera.view);
    const { width, height } = this.camera.image;
    return worldPoint(Math.min(width - 0.001, Math.max(0, world.x)), Math.min(height - 0.001, Math.max(0, world.y)));
  }

  /** A drag of a mark ends: the mark goes back to its ticket's pixel unless the machine moves it. */
  private endDrag(): void {
    const wasDragged = this.dragged !== null;
    this.grab = null;
    this.dragged = null;
    if (!wasDragged) return;
    this.canvas.style.cursor = '';
    this.aim = null;
    this.finger = null;
    this.target.onDragChange(null);
    this.target.onAimChange();
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
      if (event.pointerType === 'mouse') {
        this.target.onPointerPixel(this.camera.pixelAt(at));
        // The selected mark can be picked up: say so with the cursor.
        const { selectedId, tapToPlace } = this.target.marks();
        const selected = tapToPlace ? this.drawnMarks().find((mark) => mark.id === selectedId) : undefined;
        this.canvas.style.cursor = selected && this.inputEnabled && hitsMark(at, selected.at) ? 'grab' : '';
      }
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
    const grab = this.grab;
    if (grab && grab.pointerId === event.pointerId) {
      if (!this.dragged && isTap(track.start, at, track.type)) return;
      const world = this.dragTo(at, grab);
      if (!this.dragged) {
        this.target.onDragChange(grab.id);
        this.canvas.style.cursor = 'grabbing';
      }
      this.dragged = { id: grab.id, world };
      // A finger hides the mark it drags: the loupe shows where it is.
      if (track.type === 'touch') {
        this.aim = world;
        this.finger = at;
      }
      this.target.onPointerPixel(worldToImage(world, camera.image));
      this.target.onAimChange();
      return;
    }
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
    const grab = this.grab;
    if (grab && grab.pointerId === event.pointerId) {
      const dragged = this.dragged;
      const pixel = dragged ? worldToImage(dragged.world, this.camera.image) : null;
      this.endDrag();
      // Dropped: the machine moves the ticket (or says why not); not moved: a tap on the selected mark.
      if (pixel && this.inputEnabled) this.target.onMove(grab.id, pixel);
      return;
    }
    if (this.aim) {
      const pixel = worldToImage(this.aim, this.camera.image);
      this.endAim();
      if (pixel && this.inputEnabled) this.place(pixel);
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
    this.endDrag();
  }

  private tap(at: ScreenPoint): void {
    // A tap on a mark (within its hit radius, or on its number) selects it; on an empty spot it
    // places a new mark. Locked marks (bought, in the cart) are never selected: a tap on one's
    // pixel places, and the machine answers 'Duplicate Coordinates'. With one mark that moves, a
    // tap on another mark's number selects it and any other tap places the selected mark.
    const { selectedId, tapToPlace } = this.target.marks();
    const hit = markTapped(at, this.drawnMarks(), selectedId, tapToPlace);
    if (hit !== null) {
      if (hit !== selectedId) this.select(hit);
      return;
    }
    const pixel = this.camera.pixelAt(at);
    if (pixel) this.place(pixel);
  }

  /** Shows the place at once (`placing`) and tells the machine after the frame that shows it. */
  private place(pixel: ImagePoint): void {
    const { selectedId, tapToPlace } = this.target.marks();
    const moves = !tapToPlace && this.drawnMarks().some((mark) => mark.id === selectedId) ? selectedId : null;
    this.placing = { point: pixel, moves };
    if (moves) this.target.onAimChange();
    else this.target.onPlacing(this.camera.toScreen(pixel));
    this.inFlight.showing();
    this.inFlight.tellAfterPaint(() => this.target.onPlace(pixel));
  }

  /**
   * Shows the tapped mark selected at once (the selected mark's crosshair over it, as a new mark's)
   * and tells the machine after the frame that shows it, as a place is told (issue 29: a tap's
   * frame that rendered the screen and redrew the canvas for the selection answered, at times, in
   * 96-208 ms at 4x CPU here; shown so, in 32-56).
   */
  private select(id: string): void {
    const mark = this.drawnMarks().find((drawn) => drawn.id === id);
    if (mark) {
      this.target.onPlacing(mark.at);
      this.inFlight.showing();
    }
    this.inFlight.tellAfterPaint(() => this.target.onSelect(id));
  }

  /** The scene has drawn the screen's marks (MarksLayer): no crosshair of a place already told stays. */
  placesDrawn(): void {
    this.inFlight.drawn();
  }

  private wheel(event: WheelEvent): void {
    event.preventDefault();
    this.camera.zoomAbout(this.screenOf(event), wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey));
  }
}
