import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TicketPoint } from '../../../domain/tickets.ts';
import { type Size, fractionToImage, imagePoint, imageToFraction, screenPoint } from '../../stage/coords.ts';
import { answeredAtOnce } from '../../stage/answered-at-once.ts';
import { type PreviewTap, type ShownAnswer, onPreviewTap } from '../../stage/preview-taps.ts';
import type { StageMark } from '../../stage/types.ts';
import { markTapped } from '../../stage/view.ts';

/**
 * What the marking machine is doing, for a tap made on the picture before the stage drew it:
 * loading the game (keep the tap: it is placed once the game is ready), marking (place it now),
 * or neither (submitting, the reveal, an error: drop it).
 */
export type TapPhase = 'waiting' | 'marking' | 'closed';

/** The marks the preview image shows, and what a tap on it does: place a ticket, or select one. */
export interface PreviewTapTarget {
  marks: readonly StageMark[];
  selectedId: string | null;
  /** Sends `ticket.place`. */
  place(point: TicketPoint): void;
  /** Sends `ticket.select`. */
  select(id: string): void;
}

/** A tap on the preview as the stage reads one (view.ts markTapped): the mark it is on, or null. */
function markOfTap(tap: PreviewTap, picture: Size, target: PreviewTapTarget): string | null {
  const { shown } = tap;
  const onScreen = (x: number, y: number) => screenPoint(x * shown.width, y * shown.height);
  const drawn = target.marks.flatMap((mark) => {
    if (!mark.point || mark.locked) return [];
    const at = imageToFraction(imagePoint(mark.point.x, mark.point.y), picture);
    return [{ id: mark.id, at: onScreen(at.x, at.y) }];
  });
  // Both game screens' stages are tap-to-place (GameBoard passes onMove).
  return markTapped(onScreen(tap.fraction.x, tap.fraction.y), drawn, target.selectedId, true);
}

/**
 * Places the taps made on the picture shown as a plain image (src/stage/preview-taps.ts): from
 * the first paint on, before the game has loaded and while the stage starts. A tap on one of the
 * marks the image shows (PreviewMarks) selects its ticket, as the same tap on the stage does, so a
 * second tap on a mark is not a second ticket beside it. `picture` is the original's size, unknown
 * (null) until the game has loaded.
 */
export function usePreviewTaps(
  picture: { width: number; height: number } | null,
  phase: TapPhase,
  target: PreviewTapTarget,
): void {
  const queue = useRef<PreviewTap[]>([]);
  const latest = useRef({ picture, phase, target });
  const flushRef = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    latest.current = { picture, phase, target };
  });

  useLayoutEffect(() => {
    const flush = () => {
      const { picture: size, phase: now, target: to } = latest.current;
      if (now === 'closed') queue.current = [];
      if (now !== 'marking' || !size || size.width <= 0) return;
      for (const tap of queue.current.splice(0)) {
        const point = fractionToImage(tap.fraction, size);
        if (!point) continue;
        const hit = markOfTap(tap, size, to);
        if (hit === null) to.place({ x: point.x, y: point.y });
        else if (hit !== to.selectedId) to.select(hit);
      }
    };
    /**
     * A tap answered now: marking, none kept before it; a new mark on no mark, another ticket
     * selected on its mark (a tap on the selected mark does nothing, taken as it is).
     */
    const answerNow = (tap: PreviewTap): ShownAnswer | null => {
      const { picture: size, phase: now, target: to } = latest.current;
      if (now !== 'marking' || queue.current.length > 0 || !size || size.width <= 0) return null;
      const hit = markOfTap(tap, size, to);
      if (hit === null) return { kind: 'place' };
      const point = hit === to.selectedId ? undefined : to.marks.find((mark) => mark.id === hit)?.point;
      return point ? { kind: 'select', id: hit, at: imageToFraction(imagePoint(point.x, point.y), size) } : null;
    };
    flushRef.current = flush;
    const take = (tap: PreviewTap) => {
      queue.current.push(tap);
      flush();
    };
    return onPreviewTap({
      answerNow,
      take,
      shownTold: (tap) => {
        const { picture: size, target: to } = latest.current;
        const answer = answerNow(tap);
        const point = size ? fractionToImage(tap.fraction, size) : null;
        if (!answer || !point) {
          take(tap);
          return false;
        }
        // Told after the frame that showed its crosshair (preview-taps.ts), rendered at once.
        return answer.kind === 'select'
          ? answeredAtOnce(
              () => latest.current.target.selectedId,
              () => to.select(answer.id),
            )
          : answeredAtOnce(
              () => latest.current.target.marks,
              () => to.place({ x: point.x, y: point.y }),
            );
      },
    });
  }, []);

  useEffect(() => {
    flushRef.current();
  }, [picture, phase]);
}
