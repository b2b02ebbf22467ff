/**
 * A finger on the picture is the stage's own business: its taps are heard as pointer events (the
 * preview image's by preview-taps.ts, the engine's canvas by scene/gestures.ts), and nothing on
 * the picture listens for a click. A browser follows a touch with compatibility mouse events
 * (mouseover, mousemove, mousedown, mouseup) and a click, dispatched after the tap's frame in a
 * task of their own, through React's listeners at the root (mouseover's enter and leave walk the
 * whole tree), and the tap's Interaction to Next Paint ran on to the frame after them (issue 29:
 * measured at 4x CPU slowdown, interleaved, 8 cold loads each, a tap on the play screen's picture
 * once the engine is up 128 / 160 -> 88 / 136 ms median / p90, its processing 78 -> 38 ms median;
 * a tap on the practice screen's image while the engine starts, processing 74 -> 38 ms, its INP
 * no change the machine could resolve: it waits for the engine's start). Cancelling the touch's end
 * stops them; a drag or a scroll that started on the picture is not cancelled (the browser does
 * not let a scroll's end be), and buttons over the picture (zoom, delete) are other targets.
 *
 * The one thing of theirs a player may miss is the focus their mousedown moved: a tap on the stage
 * focused it, so that a touch-screen laptop's arrow keys then nudge the mark. That focus is moved
 * here instead: to the nearest element that takes focus (the stage), or away from whatever had it.
 * It is moved after the tap's frame, where the mousedown moved it: moving it in the touch's end
 * brought the style and layout of the tap's new mark forward into the tap's processing. And it is
 * moved without the focus ring, as a pointer's focus is: a script's focus otherwise matches
 * :focus-visible, and every tap on a phone would frame the picture in blue.
 */
import { afterNextPaint } from '../shared/yield-to-browser.ts';

const FOCUSABLE = '[tabindex], a[href], button, input, select, textarea';

export function withoutMouseEvents(event: TouchEvent): void {
  if (!event.cancelable) return;
  event.preventDefault();
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(FOCUSABLE) : null;
  const before = document.activeElement;
  afterNextPaint(() => {
    // What the tap did meanwhile took the focus (a dialog it opened): it stays there.
    if (document.activeElement !== before) return;
    if (target) {
      if (target.isConnected && before !== target) target.focus({ preventScroll: true, focusVisible: false });
    } else if (before instanceof HTMLElement) before.blur();
  });
}
