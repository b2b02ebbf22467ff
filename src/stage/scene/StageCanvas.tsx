/**
 * The stage's lazily loaded part: a Pixi application through @pixi/react that draws on demand
 * (its ticker never starts; frames.ts draws once after each commit, camera move or animation
 * frame), the camera and the pointer input around it, and the handle the React edge drives.
 */
// The site's CSP forbids eval: every Pixi renderer, the 2D canvas one too, refuses to start
// where eval is blocked unless this module is loaded first (it says why it is enough for the 2D
// canvas). Without it the renderer's start threw and the stage waited for a later mount.
import './eval-free.ts';
import { Application, extend } from '@pixi/react';
import {
  canUseNewCanvasBlendModes,
  Container,
  Graphics,
  Sprite,
  Text,
  Ticker,
  type Application as PixiApplication,
} from 'pixi.js';
import {
  memo,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GamePicture } from '../../../domain/practice.ts';
import { imageToWorld, imagePoint, screenToClient, worldToScreen } from '../coords.ts';
import type { SceneHandle, SceneProps, StageMark } from '../types.ts';
import { Camera } from './camera.ts';
import { RevealShown, SceneContext, type SceneContextValue } from './context.ts';
import { FrameScheduler, browserFrames } from './frames.ts';
import { Gestures } from './gestures.ts';
import { COLORS } from './graphics.ts';
import { Scene } from './Scene.tsx';
import { warmUpMarks } from './warm-up.ts';
import { nextQuietTask } from '../../shared/yield-to-browser.ts';

extend({ Container, Graphics, Sprite, Text });

// Pixi's 2D renderer asks as it starts whether a canvas blends with 'multiply' (three small
// canvases drawn and a pixel read, 15-20 ms at 4x), inside the longest task of its start (issue 29).
// Asked here, as this module is evaluated in a task of its own (scene-loader.ts), the renderer
// finds the answer kept.
canUseNewCanvasBlendModes();

/**
 * The User Timing mark set when the stage first has its picture on screen and takes taps (the
 * gestures listen from the application's start): a tap from then on draws a mark in the next
 * frame. bench/stage-ready.ts reads it.
 */
const STAGE_READY_MARK = 'cricspot:stage-ready';

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** No ticker (frames.ts draws on demand); the canvas a block that takes every touch. */
function prepareCanvas(app: PixiApplication): void {
  app.ticker.stop();
  app.canvas.style.display = 'block';
  app.canvas.style.touchAction = 'none';
}

/** How often Pixi's scheduler runs (the renderer's clean-up of unused GPU resources, every few seconds). */
const SYSTEM_TICK_MS = 1000;

/**
 * Pixi's system ticker runs its scheduler from an animation-frame loop that never stops: it woke
 * the page every frame while the stage sat idle (measured at 4x: 300-430 ms of main-thread tasks
 * in 5 idle seconds, issue 29). Stopped, it runs once a second instead; returns the way to stop.
 */
function slowSystemTicker(): () => void {
  const ticker = Ticker.system;
  ticker.autoStart = false;
  ticker.stop();
  const timer = window.setInterval(() => ticker.update(), SYSTEM_TICK_MS);
  return () => window.clearInterval(timer);
}

/**
 * A 2D canvas, not WebGL (issue 29): the stage draws one picture and a few dozen marks, which the
 * browser's 2D canvas draws (on the GPU where there is one) without WebGL's start: no context,
 * shaders or links, the longest steps of the engine's start on a slow phone. Measured here at 4x:
 * ready after a tap 2.0 -> 1.7 s, and zooming with 75 marks drew a frame in 33 ms instead of 100
 * (bench/stage.ts, bench/stage-ready.ts; README). @pixi/react's types predate Pixi's 2D canvas
 * renderer and name only 'webgl' and 'webgpu'; the option reaches Pixi's init as it is.
 */
const DRAW_ON_2D_CANVAS = { preference: 'canvas' } as unknown as { preference: 'webgl' };

/**
 * Pixi starts without the browser extensions it would import as it starts (issue 29): its event
 * system, accessibility, DOM elements and filters, which the stage never uses (it reads its own
 * pointer events, Gestures). Two chunks (43 and 15 KB) fewer to fetch, compile and run before the
 * stage's first frame: measured at 4x on the play screen, from the scene's mount to Pixi's
 * application started, 58 -> 23 ms (median of 8 cold loads each).
 *
 * In production only. In development, React's StrictMode unmounts and mounts every component once
 * more after its first commit, and @pixi/react (8.0.5) destroys at that unmount an application
 * whose start has already finished; started without the import, it has (the stage lab's
 * StrictMode test then found no canvas), while with it the start is still under way and the second
 * mount keeps the application. A production build never runs StrictMode's extra unmount.
 */
const SKIP_BROWSER_EXTENSIONS = import.meta.env.PROD;

function StageCanvas({ handleRef, ...props }: SceneProps & { handleRef: Ref<SceneHandle> }) {
  const { host, callbacks } = props;
  const [{ camera, frames, motion }] = useState(() => {
    const started = new Camera();
    started.resize({ width: host.clientWidth, height: host.clientHeight });
    // No frame before the picture's (the preview covers the canvas until then).
    return {
      camera: started,
      frames: new FrameScheduler(browserFrames, { waitForPicture: true }),
      motion: reducedMotion(),
    };
  });
  const gestures = useRef<Gestures | null>(null);
  const [revealShown] = useState(() => new RevealShown());
  const scene = useMemo<SceneContextValue>(
    () => ({ camera, frames, gestures, reducedMotion: motion, revealShown }),
    [camera, frames, motion, revealShown],
  );
  const appRef = useRef<PixiApplication | null>(null);
  const drawn = useRef<GamePicture | null>(null);
  const currentPicture = useRef(props.picture);
  const latest = useRef({
    marks: props.marks as readonly StageMark[],
    selectedId: props.selectedId,
    inputEnabled: props.inputEnabled,
    tapToPlace: props.tapToPlace,
  });
  useLayoutEffect(() => {
    latest.current = {
      marks: props.marks,
      selectedId: props.selectedId,
      inputEnabled: props.inputEnabled,
      tapToPlace: props.tapToPlace,
    };
    currentPicture.current = props.picture;
  });
  const [initialSize] = useState(() => ({ ...camera.stage }));

  useEffect(() => {
    if (!props.inputEnabled) gestures.current?.disable();
  }, [props.inputEnabled, gestures]);

  // Every camera move is a frame, and the edge hears of it (zoom buttons' ends, the zoom hint).
  useEffect(
    () =>
      camera.subscribe((view, limits) => {
        callbacks.onViewChange(view, limits);
        frames.invalidate();
      }),
    [camera, frames, callbacks],
  );

  const onInit = useCallback(
    (app: PixiApplication) => {
      appRef.current = app;
      prepareCanvas(app);
      gestures.current = new Gestures(app.canvas, camera, {
        marks: () => latest.current,
        onPlace: (point) => callbacks.onPlace(point),
        onSelect: (id) => callbacks.onSelect(id),
        onMove: (id, point) => callbacks.onMove(id, point),
        onPointerPixel: (point) => callbacks.onPointerPixel(point),
        onAimChange: () => frames.invalidate(),
        onPlacing: (at) => callbacks.onPlacing(at),
        onDragChange: (id) => callbacks.onDragChange(id),
      });
      // The host may have changed size while the application started.
      app.renderer.resize(camera.stage.width, camera.stage.height, window.devicePixelRatio || 1);
      frames.attach(() => app.render());
    },
    [camera, frames, gestures, callbacks],
  );

  useEffect(() => {
    const resize = () => {
      camera.resize({ width: host.clientWidth, height: host.clientHeight });
      appRef.current?.renderer?.resize(camera.stage.width, camera.stage.height, window.devicePixelRatio || 1);
      // The resize cleared the canvas: drawn again before the browser paints (in the observer's
      // turn, or a change of pixel density's).
      frames.redrawNow();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(host);
    // A change of device pixel ratio (browser zoom, another screen) re-renders at the new density.
    let density: MediaQueryList | null = null;
    const onDensity = () => {
      density?.removeEventListener('change', onDensity);
      resize();
      density = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      density.addEventListener('change', onDensity);
    };
    density = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    density.addEventListener('change', onDensity);
    return () => {
      observer.disconnect();
      density?.removeEventListener('change', onDensity);
    };
  }, [camera, frames, host]);

  useEffect(slowSystemTicker, []);

  useEffect(
    () => () => {
      frames.stop();
      gestures.current?.destroy();
      gestures.current = null;
    },
    [frames, gestures],
  );

  // The marks' shapes and font, in tasks of their own after the first picture's frame (issue 29:
  // before it, they held the stage's ready back 40-80 ms at 4x CPU) and before a tap needs them.
  const warmed = useRef(false);
  const warmUp = useCallback(() => {
    const app = appRef.current;
    if (warmed.current || !app?.renderer) return;
    warmed.current = true;
    const alive = () => appRef.current === app && Boolean(app.renderer);
    void nextQuietTask().then(() => (alive() ? warmUpMarks(app.renderer, alive) : undefined));
  }, []);

  const onPictureDrawn = useCallback(
    (picture: GamePicture) => {
      warmUp();
      drawn.current = picture;
      if (performance.getEntriesByName(STAGE_READY_MARK, 'mark').length === 0) performance.mark(STAGE_READY_MARK);
      callbacks.onPictureDrawn(picture);
    },
    [callbacks, warmUp],
  );

  useImperativeHandle(
    handleRef,
    (): SceneHandle => ({
      zoomBy: (factor) => camera.zoomBy(factor),
      resetZoom: () => camera.resetZoom(),
      zoomTo: (scale, cx, cy) => camera.zoomTo(scale, cx, cy),
      showPoint: (point) => camera.showPoint(point),
      viewState: () => ({ view: camera.view, stage: camera.stage, image: camera.image }),
      testApi: () => ({
        imageToClient: (x, y) => {
          const canvas = appRef.current?.canvas;
          const rect = canvas
            ? canvas.getBoundingClientRect()
            : { left: 0, top: 0, width: camera.stage.width, height: camera.stage.height };
          return screenToClient(worldToScreen(imageToWorld(imagePoint(x, y)), camera.view), rect, camera.stage);
        },
        getView: () => ({ ...camera.view, fitScale: camera.limits.min, maxScale: camera.limits.max }),
        zoomTo: (scale, cx, cy) => camera.zoomTo(scale, cx, cy),
        get ready() {
          return appRef.current !== null && drawn.current === currentPicture.current;
        },
        get rendererType() {
          return appRef.current?.renderer?.name ?? 'none';
        },
        get renders() {
          return frames.renders;
        },
        holdRevealAt: (ms) => {
          frames.heldAt = ms;
          frames.invalidate();
        },
        revealLayout: () => {
          const canvas = appRef.current?.canvas;
          const rect = canvas?.getBoundingClientRect() ?? { left: 0, top: 0 };
          const toClient = (r: { x: number; y: number; width: number; height: number }) => ({
            x: rect.left + r.x,
            y: rect.top + r.y,
            width: r.width,
            height: r.height,
          });
          return {
            labels: revealShown.labels.map(toClient),
            picture: revealShown.picture ? toClient(revealShown.picture) : null,
          };
        },
      }),
    }),
    [camera, frames, revealShown],
  );

  return (
    <SceneContext.Provider value={scene}>
      <Application
        width={initialSize.width}
        height={initialSize.height}
        resolution={window.devicePixelRatio || 1}
        autoDensity
        antialias
        background={COLORS.backdrop}
        autoStart={false}
        sharedTicker={false}
        {...DRAW_ON_2D_CANVAS}
        skipExtensionImports={SKIP_BROWSER_EXTENSIONS}
        // The stage reads its own pointer events (Gestures); Pixi's event system, where it loads
        // (development), would hit-test and measure the canvas (getBoundingClientRect, a forced
        // layout after the tap's DOM changes) on every pointer event for nothing (issue 29).
        eventMode="none"
        eventFeatures={{ move: false, globalMove: false, click: false, wheel: false }}
        onInit={onInit}
      >
        <Scene
          picture={props.picture}
          marks={props.marks}
          selectedId={props.selectedId}
          reveal={props.reveal}
          describeDistance={props.describeDistance}
          onPictureDrawn={onPictureDrawn}
          onRevealLanded={callbacks.onRevealLanded}
        />
      </Application>
    </SceneContext.Provider>
  );
}

/**
 * Renders again only when one of its props changes: its edge (PictureStage.tsx) renders on every
 * tap, and while the engine starts it passes a tap's marks only after the tap's frame.
 */
export default memo(StageCanvas);
