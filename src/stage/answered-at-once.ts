/**
 * The screen told of a place or a selection a tap showed in its own frame (placing-cross.ts), once
 * that frame is painted, for the stage (PictureStage.tsx) and the image (use-preview-taps.ts).
 */
import { flushSync } from 'react-dom';

/**
 * Tells the screen `tell` and renders its answer at once (flushSync), as the tap's event was, so
 * the next tap meets it; true when what `read` reads of the screen's props changed (it answered,
 * not refused).
 */
export function answeredAtOnce(read: () => unknown, tell: () => void): boolean {
  const before = read();
  flushSync(tell);
  return read() !== before;
}
