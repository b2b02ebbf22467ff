/**
 * Code a game screen needs only after the player's first mark (the play screen's entry sheet),
 * fetched ahead of the tap that opens it (issue 29).
 */
import { useCallback, useEffect, useRef } from 'react';
import { afterNextPaint } from '../../shared/yield-to-browser.ts';
import { onIdle } from '../../stage/idle.ts';

/** How long after the first mark the code loads anyway when the stage never says it is ready (its engine could not start). */
export const CODE_AFTER_MARK_WAIT_MS = 10_000;

/**
 * Calls `load` once the player has marked (`marked`) and the stage's engine is up, after that
 * frame's paint, when the browser is idle: adding a chunk's preloads and style sheets is a long
 * task on a slow phone, which a tap's paint would otherwise wait for, and the entry sheet's 14
 * files' download and evaluation held the engine's start back when the first mark was a tap on the
 * first paint. Returns the stage's `onReady`; `load` must be stable (a module's import).
 */
export function useCodeAfterMark(marked: boolean, load: () => unknown): () => void {
  const stageReady = useRef(false);
  const waiting = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!marked) return undefined;
    let cancel: () => void = () => undefined;
    const start = () => {
      window.clearTimeout(fallback);
      waiting.current = null;
      cancel = afterNextPaint(() => {
        cancel = onIdle(() => void load());
      });
    };
    const fallback = window.setTimeout(start, CODE_AFTER_MARK_WAIT_MS);
    if (stageReady.current) start();
    else waiting.current = start;
    return () => {
      window.clearTimeout(fallback);
      waiting.current = null;
      cancel();
    };
  }, [marked, load]);
  return useCallback(() => {
    stageReady.current = true;
    waiting.current?.();
  }, []);
}
