import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TicketPoint } from '../../../domain/tickets.ts';
import { fractionToImage, type PictureFraction } from '../../stage/coords.ts';
import { onPreviewTap } from '../../stage/preview-taps.ts';

/**
 * What the marking machine is doing, for a tap made on the picture before the stage drew it:
 * loading the game (keep the tap: it is placed once the game is ready), marking (place it now),
 * or neither (submitting, the reveal, an error: drop it).
 */
export type TapPhase = 'waiting' | 'marking' | 'closed';

/**
 * Places the taps made on the picture shown as a plain image (src/stage/preview-taps.ts): from
 * the first paint on, before the game has loaded and while the stage starts. `picture` is the
 * original's size, unknown (null) until the game has loaded; `place` sends `ticket.place`.
 */
export function usePreviewTaps(
  picture: { width: number; height: number } | null,
  phase: TapPhase,
  place: (point: TicketPoint) => void,
): void {
  const queue = useRef<PictureFraction[]>([]);
  const latest = useRef({ picture, phase, place });
  const flushRef = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    latest.current = { picture, phase, place };
  });

  useLayoutEffect(() => {
    const flush = () => {
      const { picture: size, phase: now, place: send } = latest.current;
      if (now === 'closed') queue.current = [];
      if (now !== 'marking' || !size || size.width <= 0) return;
      for (const fraction of queue.current.splice(0)) {
        const point = fractionToImage(fraction, size);
        if (point) send({ x: point.x, y: point.y });
      }
    };
    flushRef.current = flush;
    return onPreviewTap((fraction) => {
      queue.current.push(fraction);
      flush();
    });
  }, []);

  useEffect(() => {
    flushRef.current();
  }, [picture, phase]);
}
