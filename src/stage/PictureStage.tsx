/**
 * The React edge of the picture stage: renders the scene (scene/StageCanvas.tsx, @pixi/react)
 * into a host element from the props, turns keys into calls on the scene's handle and renders the
 * DOM over the canvas (zoom buttons in a corner, the selected mark's delete control, the zoom
 * hint, the coordinate readout, the screen-reader announcement). Holds no ticket state. Loaded
 * lazily.
 *
 * The picture shows at once as a plain image (StagePreview); the scene, with Pixi and @pixi/react
 * in its own chunk, starts once the page has loaded and the browser is idle, or as soon as the
 * player touches, focuses or zooms the stage, whichever comes first (idle-until-urgent), in
 * slices (idle.ts), so loading the game never blocks a tap for long. A tap on the image before the scene is up is kept by preview-taps.ts and placed
 * by the screen all the same.
 */
import {
  type ComponentType,
  type Ref,
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { STAGE_SETTLE_MS, engineRetryMs, whenSettledAndIdle } from './idle.ts';
import { afterInteractionShown, nextQuietTask } from '../shared/yield-to-browser.ts';
import { loadScene, onSceneLoaded } from './scene-loader.ts';
import { previewPressedAt, previewTouched } from './preview-taps.ts';
import { centrePixel, fitDrawnVariant, type KeyAction, keyAction, neighbourId, nudge } from './view.ts';
import { dropPictureAhead, fetchPictureAhead } from './picture-bitmaps.ts';
import type { GamePicture } from '../../domain/practice.ts';
import { phoneCopyUrl } from '../../domain/site-paths.ts';
import type { Size } from './coords.ts';
import type { PictureStageProps, SceneCallbacks, SceneHandle, SceneProps, StageTestApi } from './types.ts';
import './picture-stage.css';
import { StagePreview } from './StagePreview.tsx';
import { PlacingCross } from './PreviewMarks.tsx';
import { showPlacingCross } from './placing-cross.ts';
import { answeredAtOnce } from './answered-at-once.ts';
import { placeOverlays } from './stage-overlays.ts';
import { revealSchedule } from './reveal-timeline.ts';
import { useZoomHint, ZoomButtons } from './ZoomControls.tsx';

// The screens import the stage's types from here, as before; they are defined once in types.ts.

/** Keys kept while the engine starts, at most (a held arrow key repeats fast). */
const MAX_PENDING_KEYS = 40;
export type { PictureStageProps, StageLabels, StageMark, StageReveal, StageTestApi } from './types.ts';

declare global {
  interface Window {
    __cricspotStage?: StageTestApi;
  }
}

/** Pixels with one decimal, when the screen gives no words for the reveal's distances. */
const pixelsOnly = (pixels: number) => `${pixels.toFixed(1)} px`;

/** A reveal whose scene never ran (its start failed, say) still lands this long after its count would have. */
const REVEAL_LANDING_GRACE_MS = 1500;

/**
 * A press on the image this recent (ms) when the stage mounts is still waiting for its frame (the
 * stage mounted during the tap: 80 ms after it, traced at 4x). An older press's frame has been shown,
 * or it was quick and reports no entry to wait for: the engine starts at once.
 */
const RECENT_PRESS_MS = 150;

/**
 * Runs `start` once the frame answering the player's latest press is on screen: the press that
 * woke this stage (`wokenAt`), or one on the image just before it mounted; at once otherwise.
 */
function afterPlayersFrame(wokenAt: number | null, start: () => void): () => void {
  const pressed = previewPressedAt();
  const recent = pressed !== null && performance.now() - pressed < RECENT_PRESS_MS ? pressed : null;
  const since = wokenAt ?? recent;
  if (since !== null) return afterInteractionShown(start, since);
  start();
  return () => undefined;
}

type StageCanvasComponent = ComponentType<SceneProps & { handleRef: Ref<SceneHandle> }>;

function PictureStageImpl(props: PictureStageProps) {
  const { picture, marks, selectedId, reveal = null, disabled = false, labels, previewImage } = props;
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const hintRef = useRef<HTMLParagraphElement>(null);
  const placingRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<SceneHandle | null>(null);
  const propsRef = useRef(props);
  const [drawnPicture, setDrawnPicture] = useState<GamePicture | null>(null);
  const loading = drawnPicture !== picture;
  const inputEnabled = !disabled && !reveal;
  const dragging = useRef<string | null>(null);
  const zoom = useZoomHint(inputEnabled);
  const zoomViewChange = zoom.onViewChange;

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

  // The delete control and the hint follow the camera: placed after every commit, move and drag.
  const placeControls = useCallback(() => {
    const engine = sceneRef.current;
    if (!engine) return;
    const { view, stage } = engine.viewState();
    const p = propsRef.current;
    const enabled = !p.disabled && !p.reveal;
    placeOverlays(
      {
        view,
        stage,
        marks: p.marks,
        selectedId: p.selectedId,
        deletable: enabled && Boolean(p.onRemove) && p.canRemove !== false && dragging.current === null,
      },
      { remove: removeRef.current, hint: hintRef.current },
    );
  }, []);
  useLayoutEffect(placeControls);

  // Idle-until-urgent: started in the background once the page has loaded and the browser is idle,
  // or at once when the player reaches for the stage.
  // A press on the picture before the app could hear it (the first paint) counts as reaching.
  const [reached, setReached] = useState(previewTouched);
  const [started, setStarted] = useState(false);
  // Not urgent for React: the tap that reaches paints first (its mark over the preview).
  const wokenAt = useRef<number | null>(null);
  const wake = useCallback(() => {
    wokenAt.current ??= performance.now();
    startTransition(() => setReached(true));
  }, []);
  // The player reaching for the stage matters only while its picture loads: once drawn, a press
  // would render this screen again for nothing.
  const reach = loading ? wake : undefined;
  const startQuietly = useCallback(() => setStarted(true), []);
  useEffect(() => {
    const stopSettled = whenSettledAndIdle(startQuietly, STAGE_SETTLE_MS);
    // Code the screen loaded in the background (loadSceneWhenIdle) starts the stage as it arrives.
    const stopLoaded = onSceneLoaded(startQuietly);
    return () => {
      stopSettled();
      stopLoaded();
    };
  }, [startQuietly]);
  // A reveal needs the scene at once.
  const urgent = reached || reveal !== null;
  const wanted = urgent || started;

  // The scene's chunk (Pixi, @pixi/react) is fetched and evaluated when wanted; it starts a task
  // later. Woken by the player, it waits until the frame answering them is on screen: its start
  // would hold that frame back (a tap's INP at 4x: 216 ms, 168 ms with the start 1.5 s later).
  // A code fetch that fails (a patchy network) is tried again, further apart each time: the picture
  // keeps taking taps meanwhile, and zoom, the magnifier and dragging come when the engine does.
  const [StageCanvas, setStageCanvas] = useState<StageCanvasComponent | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let cancelled = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      loadScene().then(
        async (module) => {
          // Evaluating Pixi and starting it are separate tasks: a tap in between is handled first.
          await nextQuietTask();
          if (!cancelled) setStageCanvas(() => module.default);
        },
        () => {
          if (!cancelled) retry = setTimeout(load, engineRetryMs(failures++));
        },
      );
    };
    const cancelWait = afterPlayersFrame(wokenAt.current, load);
    return () => {
      cancelled = true;
      cancelWait();
      clearTimeout(retry);
    };
  }, [wanted]);

  // The picture the scene will draw first, fetched and decoded while the engine's code loads and
  // starts instead of after (picture-bitmaps.ts): only before the engine is up, which fetches its
  // own. One nobody took is released with the stage. Not asked sooner, as the stage first shows
  // (tried, issue 29: interleaved at 4x, the engine was ready no sooner, and a tap as soon as the
  // marks were drawn waited for the fetch: its INP at p90 88 -> 120 ms on the practice).
  const fetchedAhead = useRef<string | null>(null);
  // The stage's size as the browser last laid it out, from a ResizeObserver's reports: read from
  // the element in the effect below, it made the browser lay the page out in the middle of the
  // task that ran the effect, and React runs a commit's pending effects first thing in the next
  // update, a tap's too (issue 29: 7-16 ms at 4x CPU, traced inside a tap's pointerup).
  const laidOut = useRef<Size | null>(null);
  useEffect(() => {
    if (!host || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentBoxSize[0];
      if (box) laidOut.current = { width: box.inlineSize, height: box.blockSize };
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [host]);
  // Like the engine, after the frame answering a press just made on the image: starting a fetch
  // costs the main thread too (8-13 ms at 4x CPU, traced in a tap's pointerup when React ran this
  // effect there).
  useEffect(() => {
    if (!wanted || !host || StageCanvas || picture.variants.length === 0) return undefined;
    return afterPlayersFrame(null, () => {
      const stage = laidOut.current ?? { width: host.clientWidth, height: host.clientHeight };
      const { name, url } = fitDrawnVariant(picture, stage, window.devicePixelRatio || 1);
      fetchedAhead.current = url;
      // The phone copy the preview showed, by the screen's own address: in the browser's cache.
      fetchPictureAhead(url, name === 'phone' && previewImage ? phoneCopyUrl(previewImage.src) : undefined);
    });
  }, [wanted, host, StageCanvas, picture, previewImage]);
  useEffect(
    () => () => {
      if (fetchedAhead.current) dropPictureAhead(fetchedAhead.current);
    },
    [],
  );

  // The reveal: the scene tells when its count has landed; a scene that never drew it lands late.
  const landedFor = useRef<object | null>(null);
  const land = useCallback(() => {
    const current = propsRef.current.reveal;
    if (!current || landedFor.current === current) return;
    landedFor.current = current;
    propsRef.current.onRevealLanded?.();
  }, []);
  useEffect(() => {
    if (!reveal) return undefined;
    const lines = Object.keys(reveal.distances).length;
    const timer = window.setTimeout(land, revealSchedule(lines).celebrateFrom + REVEAL_LANDING_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [reveal, land]);

  const callbacks = useMemo<SceneCallbacks>(
    () => ({
      // A tap's place comes after the frame that drew it (gestures.ts, `placing`), in a task of its
      // own: rendered at once, as a tap's event was, so the next tap's place meets the screen's
      // answer to this one (two taps within a frame: a screen keeping its marks in React state
      // would otherwise add both to the marks of before).
      onPlace: (point) =>
        answeredAtOnce(
          () => propsRef.current.marks,
          () => propsRef.current.onPlace({ x: point.x, y: point.y }),
        ),
      // The tap's new mark, or the mark it selects, in the tap's own frame, over the canvas (gestures.ts `placing`, `select`).
      onPlacing: (at) => showPlacingCross(placingRef.current, at),
      // Told after the frame that showed the mark selected (gestures.ts `select`), rendered at once as a place is.
      onSelect: (id) =>
        answeredAtOnce(
          () => propsRef.current.selectedId,
          () => propsRef.current.onSelect(id),
        ),
      onMove: (id, point) => propsRef.current.onMove?.(id, { x: point.x, y: point.y }),
      onDragChange: (id) => {
        dragging.current = id;
        placeControls();
      },
      onRevealLanded: land,
      onPointerPixel: (point) => {
        // Written straight to the DOM: a hovering mouse must not re-render React.
        if (readoutRef.current)
          readoutRef.current.textContent = point
            ? propsRef.current.labels.coordinates(point.x, point.y)
            : restingRef.current;
      },
      onViewChange: (view, limits) => {
        zoomViewChange(view, limits);
        placeControls();
      },
      onPictureDrawn: (drawn) => {
        setDrawnPicture(drawn);
        propsRef.current.onReady?.();
      },
    }),
    [placeControls, land, zoomViewChange],
  );

  // The scene's handle, and the test API of test builds over it.
  const handleRef = useCallback((handle: SceneHandle | null) => {
    sceneRef.current = handle;
    if (import.meta.env.VITE_TEST_API !== '1') return;
    if (handle) window.__cricspotStage = handle.testApi();
    else delete window.__cricspotStage;
  }, []);

  // Keys pressed before the engine is ready wait for it (as taps on the preview do), then apply
  // one per render, each on the marks the one before left.
  const pendingKeys = useRef<KeyAction[]>([]);
  const [keyTick, setKeyTick] = useState(0);
  const applyKey = (engine: SceneHandle, action: KeyAction) => {
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
        // Enter: a mark in the middle of the view, as a tap there would place it.
        if (!inputEnabled || (!props.onMove && !selected)) return;
        const point = centrePixel(view, stage, image);
        propsRef.current.onPlace({ x: point.x, y: point.y });
        return;
      }
      case 'move': {
        if (!inputEnabled || !selected || selected.locked) return;
        const point = nudge(selected.point ?? centrePixel(view, stage, image), action.dx, action.dy, image);
        const { onNudge, onPlace } = propsRef.current;
        (onNudge ?? onPlace)({ x: point.x, y: point.y });
        engine.showPoint(point);
        return;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const engine = sceneRef.current;
    const action = keyAction(event.key, event.shiftKey, event.ctrlKey || event.metaKey || event.altKey);
    if (!engine) wake();
    if (!action) return;
    event.preventDefault();
    if (!engine || loading) {
      if (pendingKeys.current.length < MAX_PENDING_KEYS) pendingKeys.current.push(action);
      return;
    }
    applyKey(engine, action);
  };

  useEffect(() => {
    const engine = sceneRef.current;
    if (!engine || loading) return;
    const next = pendingKeys.current.shift();
    if (!next) return;
    applyKey(engine, next);
    if (pendingKeys.current.length > 0) setKeyTick((n) => n + 1);
    // Each render's applyKey holds the marks as they are now: the next waiting key goes on those.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, keyTick, marks, selectedId]);

  const removable = selected && !selected.locked && selected.point && props.onRemove && labels.remove;

  // While the engine starts, the preview draws the marks: the scene hears of a tap's mark in a
  // render after the tap's frame (useDeferredValue), so that frame does not wait for the engine's
  // React tree and Pixi's (issue 29; the scene is memoised: StageCanvas.tsx). Once the picture is
  // drawn the scene draws the marks, at once.
  const laterMarks = useDeferredValue(loading ? marks : null);
  const laterSelectedId = useDeferredValue(loading ? selectedId : undefined);
  const sceneMarks = loading && laterMarks ? laterMarks : marks;
  const sceneSelectedId = loading && laterSelectedId !== undefined ? laterSelectedId : selectedId;

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
        onFocus={reach}
        onPointerDown={reach}
      >
        {StageCanvas && host && (
          <StageCanvas
            handleRef={handleRef}
            host={host}
            callbacks={callbacks}
            picture={picture}
            marks={sceneMarks}
            selectedId={sceneSelectedId}
            reveal={reveal}
            inputEnabled={inputEnabled}
            tapToPlace={Boolean(props.onMove)}
            describeDistance={labels.revealDistance ?? pixelsOnly}
          />
        )}
      </div>
      <PlacingCross ref={placingRef} />
      {labels.zoomHint && zoom.hint !== 'gone' && !reveal && StageCanvas && (
        <p
          ref={hintRef}
          className="picture-stage__hint"
          data-testid="stage-zoom-hint"
          data-fading={zoom.hint === 'fading' ? 'true' : undefined}
        >
          {labels.zoomHint}
        </p>
      )}
      {removable && (
        // Placed by the selected mark (stage-overlays.ts) and shown once the scene reports its view.
        <button
          ref={removeRef}
          type="button"
          className="picture-stage__remove"
          aria-label={labels.remove!(selected.label)}
          hidden
          onClick={() => propsRef.current.onRemove?.(selected.id)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 7l10 10M17 7L7 17" />
          </svg>
        </button>
      )}
      <output ref={readoutRef} className="picture-stage__readout" aria-hidden="true" data-testid="stage-readout" />
      <ZoomButtons labels={labels} ends={zoom.ends} scene={sceneRef} />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {selectedText}
      </div>
      {loading && (
        <StagePreview
          picture={picture}
          image={previewImage}
          label={labels.loading}
          marks={marks}
          selectedId={selectedId}
          // Started in the background or waiting, the picture is ready to play (a tap on it is kept): no
          // 'loading' note on it unless the player reached for the stage, and none over a picture whose
          // taps already show their marks (only the reveal still waits for the engine).
          showLabel={reveal !== null || (reached && !props.previewTakesTaps)}
          onTouch={wake}
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
    a.canRemove === b.canRemove &&
    a.labels === b.labels &&
    a.onReady === b.onReady &&
    a.previewImage === b.previewImage &&
    a.previewTakesTaps === b.previewTakesTaps,
);

export default PictureStage;
