/**
 * The DOM controls that float over the stage's canvas and follow its camera without a React
 * render: the selected mark's delete control and the zoom hint. Written straight to their
 * elements after every camera move, every commit and every drag, from the view the scene
 * reports; where they go is decided by view.ts (deleteControlSpot, hintPlacement).
 */
import { type Size, type ViewTransform, imagePoint, imageToWorld, worldToScreen } from './coords.ts';
import type { StageMark } from './types.ts';
import { DELETE_CONTROL, deleteControlSpot, hintPlacement } from './view.ts';

export interface OverlayState {
  view: ViewTransform;
  stage: Size;
  marks: readonly StageMark[];
  selectedId: string | null;
  /** Whether the selected mark may be deleted now (input on, the rules allow it, no drag). */
  deletable: boolean;
}

export interface OverlayElements {
  remove: HTMLElement | null;
  hint: HTMLElement | null;
}

/**
 * The hint's size, read from the page once and then kept up to date by a ResizeObserver (a new
 * language, a new font size): reading offsetWidth after every tap would make the browser lay the
 * page out again in the middle of the tap's frame (48 ms at 4x CPU, issue 29).
 */
const hintSizes = new WeakMap<HTMLElement, Size>();
/** The hints the observer watches: each observed once (observing again would ask it for another report). */
const watchedHints = new WeakSet<HTMLElement>();
let hintObserver: ResizeObserver | undefined;

function hintSize(hint: HTMLElement): Size {
  const known = hintSizes.get(hint);
  if (known) return known;
  const size = { width: hint.offsetWidth, height: hint.offsetHeight };
  hintSizes.set(hint, size);
  watchHint(hint);
  return size;
}

/** Keeps the hint's size from the observer's reports (the first comes after the next layout, unforced). */
function watchHint(hint: HTMLElement): void {
  if (typeof ResizeObserver !== 'undefined' && !watchedHints.has(hint)) {
    hintObserver ??= new ResizeObserver((entries, observer) => {
      for (const entry of entries) {
        const target = entry.target as HTMLElement;
        // A hint taken off the page (its stage left the screen) reports a size of nothing: it is
        // no longer watched, or the observer would keep it, and what it held, for the page's life.
        if (!target.isConnected) {
          observer.unobserve(target);
          watchedHints.delete(target);
          hintSizes.delete(target);
          continue;
        }
        const box = entry.borderBoxSize[0];
        if (box) hintSizes.set(target, { width: box.inlineSize, height: box.blockSize });
      }
    });
    hintObserver.observe(hint);
    watchedHints.add(hint);
  }
}

/** Puts the delete control by the selected mark (or hides it) and the hint where it covers no mark. */
export function placeOverlays(state: OverlayState, elements: OverlayElements): void {
  const { view, stage } = state;
  const toScreen = (point: { x: number; y: number }) => worldToScreen(imageToWorld(imagePoint(point.x, point.y)), view);

  const remove = elements.remove;
  if (remove) {
    const selected = state.marks.find((mark) => mark.id === state.selectedId && !mark.locked);
    const at = selected?.point ? toScreen(selected.point) : null;
    const onStage = at !== null && at.x >= 0 && at.y >= 0 && at.x <= stage.width && at.y <= stage.height;
    if (state.deletable && at && onStage) {
      const spot = deleteControlSpot(at, stage);
      const half = DELETE_CONTROL.size / 2;
      remove.style.transform = `translate(${Math.round(spot.x - half)}px, ${Math.round(spot.y - half)}px)`;
      remove.hidden = false;
    } else {
      remove.hidden = true;
    }
  }

  const hint = elements.hint;
  if (hint) {
    const points = state.marks.flatMap((mark) => (mark.point ? [toScreen(mark.point)] : []));
    // With no mark to miss it goes to the bottom whatever its size: not measured then (issue 29:
    // read as the stage started, its size made the browser lay the page out in the middle of the
    // scene's first commit, 15-35 ms at 4x CPU), only watched, so that a tap's frame knows it.
    // Measured while hidden too: it is only made invisible (CSS, data-place="none").
    let place: ReturnType<typeof hintPlacement>;
    if (points.length === 0 && !hintSizes.has(hint)) {
      watchHint(hint);
      place = 'bottom';
    } else place = hintPlacement(points, stage, hintSize(hint));
    hint.dataset['place'] = place ?? 'none';
  }
}
