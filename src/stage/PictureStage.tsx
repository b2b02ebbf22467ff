/**
 * The React edge of the picture stage: creates the engine around a host element once, feeds it
 * the props, turns keys into callbacks and renders the DOM around the canvas (zoom buttons,
 * coordinate readout, screen-reader announcement). Holds no ticket state. Loaded lazily.
 *
 * The picture shows at once as a plain image (StagePreview); the engine, with Pixi in its own
 * chunk, starts when the browser is idle or as soon as the player touches, focuses or zooms the
 * stage, whichever comes first (idle-until-urgent), so loading the game never blocks a tap for
 * long. A tap on the image before the engine is up places the mark all the same.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { EngineReveal, StageEngine } from './stage-engine.ts';
import { nextTask, whenSettledAndIdle } from './idle.ts';
import { ZOOM_STEP, centrePixel, keyAction, neighbourId, nudge } from './view.ts';
import type { GamePicture } from '../../domain/practice.ts';
import type { ResponsiveImage } from '../../domain/site-paths.ts';
import './picture-stage.css';
import { StagePreview } from './StagePreview.tsx';

export interface StageMark {
  id: string;
  label: string;
  /** Original-photo integer pixels; null while the ticket is not marked. */
  point: { x: number; y: number } | null;
  /** A ticket already bought: shown, never selected or moved. */
  locked?: boolean;
}

export interface StageReveal {
  picture: GamePicture;
  ball: { x: number; y: number };
  /** By mark id, original px. */
  distances: Record<string, number>;
  bestId: string | null;
  /** The ball's width in the picture, original px, when the picture says it: distances are told in ball widths. */
  ballWidth?: number | null;
}

export interface StageLabels {
  zoomIn: string;
  zoomOut: string;
  resetZoom: string;
  stage: string;
  coordinates: (x: number, y: number) => string;
  selected: (label: string, x: number | null, y: number | null) => string;
  loading: string;
  /** A mark's distance as drawn on the picture in the reveal (translated; in ball widths when the reveal knows the ball's width). */
  revealDistance?: (pixels: number, ballWidth: number | null) => string;
}

export interface PictureStageProps {
  picture: GamePicture;
  marks: StageMark[];
  selectedId: string | null;
  onPlace: (point: { x: number; y: number }) => void;
  onSelect: (id: string) => void;
  reveal?: StageReveal | null;
  disabled?: boolean;
  labels: StageLabels;
  onReady?: () => void;
  /** The addresses the screen already showed the picture by, for the image shown until the stage has drawn it. */
  previewImage?: ResponsiveImage;
}

/** The test API of test builds (VITE_TEST_API=1): a WebGL canvas says nothing in the DOM. */
export interface StageTestApi {
  imageToClient(x: number, y: number): { x: number; y: number };
  getView(): { scale: number; x: number; y: number; fitScale: number; maxScale: number };
  zoomTo(scale: number, centerX: number, centerY: number): void;
  ready: boolean;
  rendererType: string;
}

declare global {
  interface Window {
    __cricspotStage?: StageTestApi;
  }
}

function engineReveal(reveal: StageReveal | null, labels: StageLabels): EngineReveal | null {
  if (!reveal) return null;
  const ballWidth = reveal.ballWidth ?? null;
  const describe = labels.revealDistance;
  return { ...reveal, ballWidth, describeDistance: describe ? (pixels) => describe(pixels, ballWidth) : undefined };
}

function PictureStageImpl(props: PictureStageProps) {
  const { picture, marks, selectedId, reveal = null, disabled = false, labels } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const engineRef = useRef<StageEngine | null>(null);
  const propsRef = useRef(props);
  const [drawnPicture, setDrawnPicture] = useState<GamePicture | null>(null);
  const loading = drawnPicture !== picture;
  const [zoomEnds, setZoomEnds] = useState({ atMin: true, atMax: false });
  const inputEnabled = !disabled && !reveal;

  useLayoutEffect(() => {
    propsRef.current = props;
  });

  const selected = marks.find((mark) => mark.id === selectedId) ?? null;
  const selectedText = selected ? labels.selected(selected.label, selected.point?.x ?? null, selected.point?.y ?? null) : '';
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

  useEffect(() => {
    const host = hostRef.current;
    if (!wanted || !host) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    void import('./stage-engine.ts').then(async ({ StageEngine }) => {
      // Evaluating Pixi and starting it are separate tasks: a tap in between is handled first.
      await nextTask();
      if (cancelled) return;
      const engine = new StageEngine(host, {
        onPlace: (point) => propsRef.current.onPlace({ x: point.x, y: point.y }),
        onSelect: (id) => propsRef.current.onSelect(id),
        onPointerPixel: (point) => {
          // Written straight to the DOM: a hovering mouse must not re-render React.
          if (readoutRef.current) readoutRef.current.textContent = point ? propsRef.current.labels.coordinates(point.x, point.y) : restingRef.current;
        },
        onViewChange: (view, limits) => {
          const atMin = view.scale <= limits.min * 1.0001;
          const atMax = view.scale >= limits.max * 0.9999;
          setZoomEnds((old) => (old.atMin === atMin && old.atMax === atMax ? old : { atMin, atMax }));
        },
        onPictureDrawn: (drawn) => {
          setDrawnPicture(drawn);
          propsRef.current.onReady?.();
        },
      });
      engineRef.current = engine;
      // What the props say now; the effects below keep it up to date from here on.
      const current = propsRef.current;
      void engine.setPicture(current.picture);
      engine.setMarks(current.marks, current.selectedId);
      void engine.setReveal(engineReveal(current.reveal ?? null, current.labels));
      engine.setInputEnabled(!current.disabled && !current.reveal);
      void engine.init({ width: host.clientWidth, height: host.clientHeight });
      const observer = new ResizeObserver((entries) => {
        const box = entries[0]?.contentRect;
        if (box) engine.resize({ width: box.width, height: box.height });
      });
      observer.observe(host);
      // A change of device pixel ratio (browser zoom, another screen) re-renders at the new density.
      let density: MediaQueryList | null = null;
      const onDensity = () => {
        density?.removeEventListener('change', onDensity);
        engine.resize({ width: host.clientWidth, height: host.clientHeight });
        density = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
        density.addEventListener('change', onDensity);
      };
      density = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      density.addEventListener('change', onDensity);

      if (import.meta.env.VITE_TEST_API === '1') {
        window.__cricspotStage = {
          imageToClient: (x, y) => engine.imageToClient(x, y),
          getView: () => engine.getView(),
          zoomTo: (scale, cx, cy) => engine.zoomTo(scale, cx, cy),
          get ready() {
            return engine.isReady;
          },
          get rendererType() {
            return engine.rendererType;
          },
        };
      }
      stop = () => {
        observer.disconnect();
        density?.removeEventListener('change', onDensity);
        engine.destroy();
        engineRef.current = null;
        if (import.meta.env.VITE_TEST_API === '1') delete window.__cricspotStage;
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [wanted]);

  useEffect(() => {
    void engineRef.current?.setPicture(picture);
  }, [picture]);

  useEffect(() => {
    engineRef.current?.setMarks(marks, selectedId);
  }, [marks, selectedId]);

  useEffect(() => {
    void engineRef.current?.setReveal(engineReveal(reveal, propsRef.current.labels));
  }, [reveal]);

  useEffect(() => {
    engineRef.current?.setInputEnabled(inputEnabled);
  }, [inputEnabled]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const engine = engineRef.current;
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
        const next = neighbourId(marks.filter((mark) => !mark.locked).map((mark) => mark.id), selectedId, action.step);
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
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
      <div ref={hostRef} className="picture-stage__canvas" tabIndex={0} role="application" aria-label={labels.stage} aria-disabled={inputEnabled ? undefined : true} onKeyDown={onKeyDown} onFocus={wake} onPointerDown={wake} />
      <div className="picture-stage__toolbar">
        <output ref={readoutRef} className="picture-stage__readout" aria-hidden="true" data-testid="stage-readout" />
        <div className="picture-stage__zoom">
        <button type="button" className="picture-stage__button" aria-label={labels.zoomIn} title={labels.zoomIn} disabled={zoomEnds.atMax} onClick={() => engineRef.current?.zoomBy(ZOOM_STEP)}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14" /></svg>
        </button>
        <button type="button" className="picture-stage__button" aria-label={labels.zoomOut} title={labels.zoomOut} disabled={zoomEnds.atMin} onClick={() => engineRef.current?.zoomBy(1 / ZOOM_STEP)}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12h14" /></svg>
        </button>
        <button type="button" className="picture-stage__button" aria-label={labels.resetZoom} title={labels.resetZoom} disabled={zoomEnds.atMin} onClick={() => engineRef.current?.resetZoom()}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></svg>
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
export const PictureStage = memo(PictureStageImpl, (a, b) =>
  a.picture === b.picture && a.marks === b.marks && a.selectedId === b.selectedId && a.reveal === b.reveal && a.disabled === b.disabled && a.labels === b.labels && a.onReady === b.onReady && a.previewImage === b.previewImage,
);

export default PictureStage;
