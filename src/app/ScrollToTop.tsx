import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A link to another page opens it at the top, as a full page load would (the router keeps the
 * window's scroll otherwise: a footer link would open the next page scrolled to its bottom).
 * Back and forward (POP) leave the browser's own restoring alone. A link to a #fragment brings
 * its element into view, once it is there (followFragment).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation === 'POP') return;
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    return followFragment(decodeURIComponent(hash.slice(1)));
  }, [pathname, hash, navigation]);
  return null;
}

const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
const SETTLE_MS = 5000;

/**
 * The router does not scroll to a fragment, and the sections of a page load their data on their
 * own (My account's profile, payments, entries): the element may appear late, and sections above
 * it may grow after. So it is scrolled into view when it appears and again whenever it moves,
 * until the reader scrolls or types, or for 5 s. Returns the stop.
 */
export function followFragment(id: string): () => void {
  const until = performance.now() + SETTLE_MS;
  let frame = 0;
  let settledTop: number | null = null;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const step = () => {
    const target = document.getElementById(id);
    if (target) {
      const top = target.getBoundingClientRect().top;
      if (settledTop === null || Math.abs(top - settledTop) > 1) {
        target.scrollIntoView?.({ block: 'start' });
        settledTop = target.getBoundingClientRect().top;
      }
    }
    if (performance.now() < until) frame = requestAnimationFrame(step);
    else stop();
  };
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(step);
  return stop;
}
