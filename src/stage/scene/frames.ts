/**
 * Drawing on demand: the application's ticker never runs. Whatever changes the scene (a React
 * commit, a camera move, an animation frame, a texture) asks for a frame; one animation frame
 * later the layers place what depends on the camera and the stage is drawn once. Nothing asks,
 * nothing is drawn.
 */
export interface FrameHost {
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
  now(): number;
}

export const browserFrames: FrameHost = {
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  now: () => performance.now(),
};

/** Placement of a layer's objects for the current camera, run before each draw. */
export type LayoutStep = (now: number) => void;

export class FrameScheduler {
  private readonly host: FrameHost;
  private readonly animations = new Set<LayoutStep>();
  private readonly layouts = new Set<LayoutStep>();
  private draw: (() => void) | null = null;
  private frame: number | null = null;
  private stopped = false;
  /**
   * Until the first explicit draw (renderNow, the picture shown), asks draw nothing: the stage's
   * image covers the canvas while the engine starts, and a frame of the scene without its picture
   * (the renderer just up, a layer's first commit) would be drawn for nobody (issue 29: the first,
   * empty frame was a 50 ms step of the start at 4x CPU slowdown).
   */
  private waitingForPicture: boolean;
  /** renderNow was asked before there was anything to draw with. */
  private drawAsked = false;
  /** How many times the stage has been drawn. */
  renders = 0;
  /**
   * The test API's hold on timed animations (the reveal): while set, they show the frame this many
   * ms after they began and ask for no further frames, so a screenshot catches a given moment.
   */
  heldAt: number | null = null;

  constructor(host: FrameHost = browserFrames, { waitForPicture = false }: { waitForPicture?: boolean } = {}) {
    this.host = host;
    this.waitingForPicture = waitForPicture;
  }

  /** The draw call, once the application is up; asks for a first frame (unless it waits for the picture). */
  attach(draw: () => void): void {
    this.draw = draw;
    if (this.drawAsked) this.renderNow();
    else this.invalidate();
  }

  addLayout(step: LayoutStep): () => void {
    this.layouts.add(step);
    return () => this.layouts.delete(step);
  }

  /** A step that moves the camera (an animation): run before every layer's placement. */
  addAnimation(step: LayoutStep): () => void {
    this.animations.add(step);
    return () => this.animations.delete(step);
  }

  /** Asks for one frame; many asks before it comes are one frame. */
  invalidate(): void {
    if (this.frame !== null || this.stopped || !this.draw || this.waitingForPicture) return;
    this.frame = this.host.requestFrame(() => {
      this.frame = null;
      this.renderNow();
    });
  }

  /** Lays out and draws at once (a picture just shown, so the test API's `ready` means drawn). */
  renderNow(): void {
    if (this.stopped) return;
    if (!this.draw) {
      this.drawAsked = true; // drawn as soon as the application is up (attach)
      return;
    }
    this.drawAsked = false;
    this.waitingForPicture = false;
    const now = this.host.now();
    for (const step of this.animations) step(now);
    for (const step of this.layouts) step(now);
    this.draw();
    this.renders++;
  }

  /**
   * The canvas was resized, which clears it: drawn again at once, in the same frame, once the
   * stage has been drawn (a frame later, the browser would show the cleared canvas for one frame:
   * a black flash of the stage when a popup bar came or went, seen in a screencast of the practice
   * screen's load). Before the picture, as invalidate: nothing to draw yet.
   */
  redrawNow(): void {
    if (this.waitingForPicture || !this.draw || this.stopped) return this.invalidate();
    this.cancelAsked();
    this.renderNow();
  }

  now(): number {
    return this.host.now();
  }

  stop(): void {
    this.stopped = true;
    this.cancelAsked();
  }

  /** The frame asked for, if any, not drawn after all. */
  private cancelAsked(): void {
    if (this.frame !== null) this.host.cancelFrame(this.frame);
    this.frame = null;
  }
}
