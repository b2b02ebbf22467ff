/**
 * The stage's zoom buttons (in the picture's bottom-right corner) and the zoom hint's life: the
 * "Zoom in to place your mark precisely" label shows while the fitted picture is coarser than one
 * CSS pixel for two original ones, fades once the player first zooms in, and stays gone for the
 * rest of the visit (every game of it).
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ViewTransform } from './coords.ts';
import type { SceneHandle, StageLabels } from './types.ts';
import { ZOOM_STEP, type ZoomLimits } from './view.ts';

/** One CSS pixel covers more than this many original pixels: the player is told to zoom in to place precisely. */
export const ZOOM_HINT_BELOW_SCALE = 0.5;
/** How long the hint takes to fade (picture-stage.css has the same). */
export const ZOOM_HINT_FADE_MS = 500;

/** Once a player has zoomed in, the hint has done its job for the whole visit. */
let zoomedThisVisit = false;

export interface ZoomEnds {
  atMin: boolean;
  atMax: boolean;
  coarse: boolean;
}

export type ZoomHintState = 'shown' | 'fading' | 'gone';

/** The zoom buttons' ends and the hint's state, fed by every camera move. */
export function useZoomHint(inputEnabled: boolean): {
  ends: ZoomEnds;
  hint: ZoomHintState;
  onViewChange(view: ViewTransform, limits: ZoomLimits): void;
} {
  const [ends, setEnds] = useState<ZoomEnds>({ atMin: true, atMax: false, coarse: false });
  const endsRef = useRef(ends);
  const [hint, setHint] = useState<ZoomHintState>(() => (zoomedThisVisit ? 'gone' : 'shown'));
  const inputRef = useRef(inputEnabled);
  useLayoutEffect(() => {
    inputRef.current = inputEnabled;
  });

  const onViewChange = useCallback((view: ViewTransform, limits: ZoomLimits) => {
    const atMin = view.scale <= limits.min * 1.0001;
    const atMax = view.scale >= limits.max * 0.9999;
    const coarse = view.scale < ZOOM_HINT_BELOW_SCALE;
    // The player's own zoom (not the reveal's camera) retires the hint.
    if (!atMin && inputRef.current && !zoomedThisVisit) {
      zoomedThisVisit = true;
      setHint('fading');
    }
    // Every camera move lands here: React hears only of a change.
    const old = endsRef.current;
    if (old.atMin === atMin && old.atMax === atMax && old.coarse === coarse) return;
    endsRef.current = { atMin, atMax, coarse };
    setEnds(endsRef.current);
  }, []);

  useEffect(() => {
    if (hint !== 'fading') return undefined;
    const timer = window.setTimeout(() => setHint('gone'), ZOOM_HINT_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [hint]);

  const shown: ZoomHintState = hint === 'shown' && !ends.coarse ? 'gone' : hint;
  return useMemo(() => ({ ends, hint: shown, onViewChange }), [ends, shown, onViewChange]);
}

const ICONS = {
  zoomIn: 'M12 5v14M5 12h14',
  zoomOut: 'M5 12h14',
  reset: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
} as const;

/** +, - and fit, over the picture's bottom-right corner. */
export function ZoomButtons({
  labels,
  ends,
  scene,
}: {
  labels: StageLabels;
  ends: ZoomEnds;
  scene: RefObject<SceneHandle | null>;
}) {
  const buttons = [
    { label: labels.zoomIn, icon: ICONS.zoomIn, disabled: ends.atMax, act: () => scene.current?.zoomBy(ZOOM_STEP) },
    {
      label: labels.zoomOut,
      icon: ICONS.zoomOut,
      disabled: ends.atMin,
      act: () => scene.current?.zoomBy(1 / ZOOM_STEP),
    },
    { label: labels.resetZoom, icon: ICONS.reset, disabled: ends.atMin, act: () => scene.current?.resetZoom() },
  ];
  return (
    <div className="picture-stage__zoom">
      {buttons.map(({ label, icon, disabled, act }) => (
        <button
          key={icon}
          type="button"
          className="picture-stage__button"
          aria-label={label}
          title={label}
          disabled={disabled}
          onClick={act}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d={icon} />
          </svg>
        </button>
      ))}
    </div>
  );
}
