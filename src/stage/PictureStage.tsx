/**
 * The React edge of the picture stage: renders the scene (scene/StageCanvas.tsx, @pixi/react)
 * into a host element from the props, turns keys into calls on the scene's handle and renders the
 * DOM around the canvas (zoom buttons, zoom hint, coordinate readout, screen-reader announcement).
 * Holds no ticket state. Loaded lazily.
 *
 * The picture shows at once as a plain image (StagePreview); the scene, with Pixi and @pixi/react
 * in its own chunk, starts when the browser is idle or as soon as the player touches, focuses or
 * zooms the stage, whichever comes first (idle-until-urgent), so loading the game never blocks a
 * tap for long. A tap on the image before the scene is up places the mark all the same.
 */
import {
  type ComponentType,
  type Ref,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { nextTask, whenSettledAndIdle } from './idle.ts';
import { ZOOM_STEP, centrePixel, keyAction, neighbourId, nudge } from './view.ts';
import type { GamePicture } from '../../domain/practice.ts';
import type { PictureStageProps, SceneCallbacks, SceneHandle, SceneProps, StageTestApi } from './types.ts';
import './picture-stage.css';
import { StagePreview } from './StagePreview.tsx';

// The screens import the stage's types from here, as before; they are defined once in types.ts.
export type { PictureStageProps, StageLabels, StageMark, StageReveal, StageTestApi } from './types.ts';

declare global {
  interface Window {
    __cricspotStage?: StageTestApi;
  }
}

/** One CSS pixel covers more than this many original pixels: the player is told to zoom in to place precisely. */
export const ZOOM_HINT_BELOW_SCALE = 0.5;

/** Pixels with one decimal, when the screen gives no words for the reveal's distances. */
const pixelsOnly = (pixels: number) => `${pixels.toFixed(1)} px`;

type StageCanvasComponent = ComponentType<SceneProps & { handleRef: Ref<SceneHandle> }>;

function PictureStageImpl(props: PictureStageProps) {
  const { picture, marks, selectedId, reveal = null, disabled = false, labels } = props;
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const sceneRef = useRef<SceneHandle | null>(null);
  const propsRef = useRef(props);
  const [drawnPicture, setDrawnPicture] = useState<GamePicture | null>(null);
  const loading = drawnPicture !== picture;
  const [zoomEnds, setZoomEnds] = useState({ atMin: true, atMax: false, coarse: false });
  const zoomEndsRef = useRef(zoomEnds);
  const inputEnabled = !disabled && !reveal;

  useLayoutEffect(() => {
    propsRef.current = props;
  });

  const selected = marks.find((mark) => mark.id === selectedId) ?? null;
  const selectedText = selected
    ? labels.selected(selected.label, selected.point?.x ?? null, selected.point?.y ?? null)
    : '';
  const restingReadout = selected?.point ? labels.coordinates(selected.point.x, selected.point.y) : '';
  const restingRef = useRef(restingReadout);

  useEffect(() => {
    restingRef.current = restingReadout;
    if (readoutRef.current) readoutRef.current.textContent = restingReadout;
  }, [restingReadout]);

  // Idle-until-urgent: wanted when the browser is idle, or at once when the player reaches for the stage.
  const [wanted, setWanted] = useState(false);
  const wake = useCallback(() => setWanted(true), []);
  useEffect(() => whenSettledAndIdle(wake), [wake]);
  const placeFromPreview = useCallback((point: { x: number; y: number }) => propsRef.current.onPlace(point), []);

  // The scene's chunk (Pixi, @pixi/react) is fetched and evaluated when wanted; it starts a task later.
  const [StageCanvas, setStageCanvas] = useState<StageCanvasComponent | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let cancelled = false;
    void import('./scene/StageCanvas.tsx').then(async (module) => {
      // Evaluating Pixi and starting it are separate tasks: a tap in between is handled first.
      await nextTask();
      if (!cancelled) setStageCanvas(() => module.default);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  const callbacks = useMemo<SceneCallbacks>(
    () => ({
      onPlace: (point) => propsRef.current.onPlace({ x: point.x, y: point.y }),
      onSelect: (id) => propsRef.current.onSelect(id),
      onPointerPixel: (point) => {
        // Written straight to the DOM: a hovering mouse must not re-render React.
        if (readoutRef.current)
          readoutRef.current.textContent = point
            ? propsRef.current.labels.coordinates(point.x, point.y)
            : restingRef.current;
      },
      onViewChange: (view, limits) => {
        const atMin = view.scale <= limits.min * 1.0001;
        const atMax = view.scale >= limits.max * 0.9999;
        const coarse = view.scale < ZOOM_HINT_BELOW_SCALE;
        // Every camera move lands here: React hears only of a change.
        const old = zoomEndsRef.current;
        if (old.atMin === atMin && old.atMax === atMax && old.coarse === coarse) return;
        zoomEndsRef.current = { atMin, atMax, coarse };
        setZoomEnds(zoomEndsRef.current);
      },
      onPictureDrawn: (drawn) => {
        setDrawnPicture(drawn);
        propsRef.current.onReady?.();
      },
    }),
    [],
  );

  // The scene's handle, and the test API of test builds over it.
  const handleRef = useCallback((handle: SceneHandle | null) => {
    sceneRef.current = handle;
    if (import.meta.env.VITE_TEST_API !== '1') return;
    if (handle) window.__cricspotStage = handle.testApi();
    else delete window.__cricspotStage;
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const engine = sceneRef.current;
    const action = keyAction(event.key, event.shiftKey, event.ctrlKey || event.metaKey || event.altKey);
    if (!engine) wake();
    if (!engine || !action) return;
    event.preventDefault();
    const { view, stage, image } = engine.viewState();
    switch (action.type) {
      case 'zoom':
        engine.zoomBy(action.factor);
        return;
      case 'resetZoom':
        engine.resetZoom();
        return;
      case 'select': {
        if (!inputEnabled) return;
        const next = neighbourId(
          marks.filter((mark) => !mark.locked).map((mark) => mark.id),
          selectedId,
          action.step,
        );
        if (next !== null && next !== selectedId) propsRef.current.onSelect(next);
        return;
      }
      case 'placeCentre': {
        if (!inputEnabled || !selected) return;
        const point = centrePixel(view, stage, image);
        propsRef.current.onPlace({ x: point.x, y: point.y });
        return;
      }
      case 'move': {
        if (!inputEnabled || !selected) return;
        const point = nudge(selected.point ?? centrePixel(view, stage, image), action.dx, action.dy, image);
        propsRef.current.onPlace({ x: point.x, y: point.y });
        engine.showPoint(point);
        return;
      }
    }
  };

  return (
    <div className="picture-stage" data-loading={loading ? 'true' : undefined}>
      {/* The canvas host: Pixi appends its canvas here; keys work while it has focus. */}
      {/* role="application" is the interactive widget here: it handles its own keys (jsx-a11y counts it as non-interactive). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={setHost}
        className="picture-stage__canvas"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="application"
        aria-label={labels.stage}
        aria-disabled={inputEnabled ? undefined : true}
        onKeyDown={onKeyDown}
        onFocus={wake}
        onPointerDown={wake}
      >
        {StageCanvas && host && (
          <StageCanvas
            handleRef={handleRef}
            host={host}
            callbacks={callbacks}
            picture={picture}
            marks={marks}
            selectedId={selectedId}
            reveal={reveal}
            inputEnabled={inputEnabled}
            describeDistance={labels.revealDistance ?? pixelsOnly}
          />
        )}
        {labels.zoomHint && zoomEnds.coarse && !reveal && StageCanvas && (
          <p className="picture-stage__hint" data-testid="stage-zoom-hint">
            {labels.zoomHint}
          </p>
        )}
      </div>
      <div className="picture-stage__toolbar">
        <output ref={readoutRef} className="picture-stage__readout" aria-hidden="true" data-testid="stage-readout" />
        <div className="picture-stage__zoom">
          <button
            type="button"
            className="picture-stage__button"
            aria-label={labels.zoomIn}
            title={labels.zoomIn}
            disabled={zoomEnds.atMax}
            onClick={() => sceneRef.current?.zoomBy(ZOOM_STEP)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 5v14M5 12h14" />
            </svg>
          </button>
          <button
            type="button"
            className="picture-stage__button"
            aria-label={labels.zoomOut}
            title={labels.zoomOut}
            disabled={zoomEnds.atMin}
            onClick={() => sceneRef.current?.zoomBy(1 / ZOOM_STEP)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M5 12h14" />
            </svg>
          </button>
          <button
            type="button"
            className="picture-stage__button"
            aria-label={labels.resetZoom}
            title={labels.resetZoom}
            disabled={zoomEnds.atMin}
            onClick={() => sceneRef.current?.resetZoom()}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
          </button>
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {selectedText}
      </div>
      {loading && (
        <StagePreview
          picture={picture}
          image={props.previewImage}
          label={labels.loading}
          // Waiting, idle, for a touch, the picture is ready to play: no 'loading' note on it.
          showLabel={wanted}
          onTouch={wake}
          // A tap on the picture before the stage has drawn it is a mark all the same.
          onPick={inputEnabled ? placeFromPreview : undefined}
        />
      )}
    </div>
  );
}

/** Redraws only when what it draws changes (the callbacks are read through a ref). */
export const PictureStage = memo(
  PictureStageImpl,
  (a, b) =>
    a.picture === b.picture &&
    a.marks === b.marks &&
    a.selectedId === b.selectedId &&
    a.reveal === b.reveal &&
    a.disabled === b.disabled &&
    a.labels === b.labels &&
    a.onReady === b.onReady &&
    a.previewImage === b.previewImage,
);

export default PictureStage;
