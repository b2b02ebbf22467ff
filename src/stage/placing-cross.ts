/**
 * A tap's new mark shown in the tap's own frame, before the screen has heard of the tap (issue 29):
 * the selected mark's crosshair (PreviewMarks.tsx PlacingCross) over the stage's canvas
 * (PictureStage.tsx, told by the scene's gestures) or over the picture shown as an image
 * (preview-taps.ts). Written straight to the element, in the tap's task: that frame paints this
 * small layer only, not the canvas again nor the screen's render, which come a frame later with
 * the ticket's numbered mark. Plain DOM, for the page's first script.
 */
import { afterNextPaint } from '../shared/yield-to-browser.ts';

/** Shows the crosshair with its centre at `at` (px from the top left of its box), or hides it (null). */
export function showPlacingCross(cross: HTMLElement | null | undefined, at: { x: number; y: number } | null): void {
  if (!cross) return;
  if (at) cross.style.transform = `translate(${at.x}px, ${at.y}px)`;
  cross.hidden = at === null;
}

/**
 * A place the screen answered keeps what shows it until the new marks are drawn, at most this long
 * (ms): the drawing's render can come after the next frame.
 */
const PLACE_DRAWN_MS = 500;

/**
 * The places (and the selections, shown as the selected mark's crosshair too) shown in
 * their tap's own frame and told to the screen once that frame is painted, in
 * order (a tap meanwhile waits too), for the stage (scene/gestures.ts) and the image
 * (preview-taps.ts). What shows them is kept until the screen's new marks are drawn (`drawn`), so
 * no frame has neither, at most PLACE_DRAWN_MS after the last is told; a refused last place loses
 * it at once. `hide` takes it away.
 */
export class PlacesInFlight {
  private readonly cancels = new Set<() => void>();
  private shown = false;
  private answered = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly hide: () => void;

  constructor(hide: () => void) {
    this.hide = hide;
  }

  /** Whether a place waits for its frame. */
  get waiting(): boolean {
    return this.cancels.size > 0;
  }

  /** The caller has just shown a place: kept until `drawn`, the timer or a refusal. */
  showing(): void {
    clearTimeout(this.timer);
    this.shown = true;
  }

  /**
   * Runs `tell` once the next frame is painted, after those already waiting. It answers whether
   * the screen took a place or a selection shown (new marks, another selected), or nothing for a
   * tap told as it is.
   */
  tellAfterPaint(tell: () => boolean | void): void {
    const cancel = afterNextPaint(() => {
      this.cancels.delete(cancel);
      const answer = tell();
      if (typeof answer === 'boolean') this.answered = answer;
      if (this.cancels.size > 0 || !this.shown) return; // a later tap's shown place stays
      clearTimeout(this.timer);
      if (this.answered) this.timer = setTimeout(() => this.drawn(), PLACE_DRAWN_MS);
      else this.stopShowing();
    });
    this.cancels.add(cancel);
  }

  /** The screen's marks are drawn: no place already told stays shown. */
  drawn(): void {
    if (this.cancels.size === 0 && this.shown) this.stopShowing();
  }

  /** Drops every place still waiting (input off, the stage or the screen gone), and what shows them. */
  drop(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
    if (this.shown) this.stopShowing();
  }

  private stopShowing(): void {
    clearTimeout(this.timer);
    this.shown = false;
    this.answered = false;
    this.hide();
  }
}
