// When the stage engine is ready on the two game screens, and how fast a tap on the picture
// paints (issue 29), against the production server as bench/wire.ts and bench/lighthouse.ts start
// it (NODE_ENV=production, PUBLIC_URL, the real build, compression on, a payment gateway so the
// play screen shows the paid contest). Chromium at 360x740 with touch, CPU slowed 4x through CDP.
// For /quick_game_screen and /play_screen (a signed-in player who passed the location check),
// RUNS cold loads each (a new browser context, empty cache), after one not counted (the server warm):
// - ready, untouched: the stage's 'cricspot:stage-ready' User Timing mark (its first frame with
//   the picture, gestures listening: a tap draws a mark in the next frame) when nobody touches
//   the page, from navigation start and from the end of the load event;
// - ready, tapped at first paint: the same when the player taps the picture as soon as it shows;
// - marks drawn: the 'cricspot:marks-ready' mark (the game has loaded and the picture shown as a
//   plain image draws the tickets' marks, StagePreview.tsx: a tap shows its mark in its next frame
//   while the engine still starts), from navigation start and after the load event;
// - a tap as soon as the marks are drawn (the engine not up): its INP, and whether its mark was in
//   the paint the INP ends with (the mark's element added before that paint);
// - tap INP: Interaction to Next Paint of a tap on an empty spot of the picture once the stage is
//   ready (web-vitals' onINP with reportAllChanges and every event of 16 ms or more, injected by
//   the bench: never in the site's bundle), with whether the stage's canvas drew the tap's mark
//   before the paint that INP ends with (its first stroke after the tap, against web-vitals'
//   nextPaintTime), and of the tap at first paint (the engine not up yet); for the two INP with a target, the medians of their parts (web-vitals' attribution: input delay, processing, presentation);
// - a tap on a mark: once ready, after a second tap placed a second mark (selected), a third tap on
//   the first tap's mark, which selects it: that interaction's INP (Event Timing); and the same
//   three taps on the picture shown as an image, its marks drawn, the engine's chunk held back
//   (selectOnPreview below).
// - the floor: a bare page holding one 2D canvas, tapped the same way (bareTap below): its input
//   delay is the synthetic tap's own, a share of every INP above, and its INP the least here.
// Every tap is a finger's (fingerTap below: Chrome's synthetic tap gesture, not Playwright's
// touchscreen.tap, whose touch waits for the page's next frame before it is sent). Every wait and
// read of the page is a one-line expression asked through DevTools (bench/support/page-poll.ts),
// never Playwright's waits, locators or evaluate, which first put Playwright's own script of some
// hundreds of KB into the page: traced at 4x, 56 ms of its evaluation in a task of 109 ms right
// after the load event, inside the window measured here, on a page no phone's player has it in.
// Prints medians and p90 against the targets; figures only, no assertion. Only loads on a quiet
// machine count (bench/support/quiet-loads.ts): one set aside is printed and run again. On a busy
// machine the times grow: say what else ran. BENCH_STAGE_JSON=FILE also writes the measured rows
// there as JSON, and DIST_DIR serves that build as it is, unbuilt: bench/stage-compare.ts runs it so
// on two builds.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { ensureBuilt } from '../scripts/ensure-built.ts';
import { openContestNow } from '../scripts/open-contest-now.ts';
import { STORAGE_KEYS } from '../src/shared/storage-keys.ts';
import { BENCH_GATEWAY, serverPlace, spawnServer, stopServer, waitForServer } from './server-load.ts';
import { machineSpeed, machineSpeedLine } from './support/machine-speed.ts';
import { pollInPage } from './support/page-poll.ts';
import { type Judged, QUIET_SHARE, quietCount, quietJudge, quietValues, setAsideList } from './support/quiet-loads.ts';
import { benchSqlitePath } from './support/bench-sqlite.ts';
import { launchBenchChromium } from './support/quiet-browser.ts';
import { medianP90, type StageRow } from './support/stage-rows.ts';
import { type BenchPlayer, signedInPlayer } from './support/signed-in-player.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_STAGE_RUNS ?? 8);
const CPU_SLOWDOWN = 4;
const READY_TARGET_MS = 1500;
const INP_TARGET_MS = 100;
const MARK = 'cricspot:stage-ready';
const MARKS_MARK = 'cricspot:marks-ready';
const chosen = process.env.BENCH_STAGE_PAGES?.split(',').map((route) => route.trim());
const SCREENS = [
  { route: '/quick_game_screen', player: false },
  { route: '/play_screen', player: true },
].filter((screen) => !chosen || chosen.includes(screen.route));
/**
 * How the browser puts its frames on screen. This machine has no GPU: by default Chromium draws
 * the stage's 2D canvas and composites every frame with SwiftShader (OpenGL in software), and that
 * composite takes 70-100 ms of the GPU process per frame here, which every tap's paint waits for
 * (a trace of one tap: two SwapBuffers of 95 and 71 ms after the main thread was done). A phone
 * composites on its GPU in a few milliseconds. With Chromium's software compositor the page and
 * the canvas are drawn and composited on the CPU, which is cheaper here and nearer a phone,
 * though still not free. Both are printed; BENCH_STAGE_COMPOSITORS=gl or =software picks one.
 */
const COMPOSITING = {
  gl: { flags: [], says: 'frames composited by SwiftShader OpenGL (the default here)' },
  software: {
    flags: ['--disable-gpu-compositing'],
    says: "frames composited by Chromium's software compositor (--disable-gpu-compositing)",
  },
} as const;
type Compositor = keyof typeof COMPOSITING;
const COMPOSITORS = (
  process.env.BENCH_STAGE_COMPOSITORS?.split(',').map((name) => name.trim()) ?? ['gl', 'software']
).filter((name): name is Compositor => name in COMPOSITING);
const webVitals = readFileSync(path.join(root, 'node_modules/web-vitals/dist/web-vitals.attribution.iife.js'), 'utf8');

// A build named in DIST_DIR (bench/stage-compare.ts runs this bench on two) is served as it is.
if (!process.env.DIST_DIR) ensureBuilt();
const { base, dataDir, env } = await serverPlace('stage-ready', 'production', BENCH_GATEWAY);
const server = spawnServer(env);

interface Timing {
  /** The ready mark, ms from navigation start. */
  ready: number;
  /** The ready mark, ms after the end of the load event (negative: before it). */
  afterLoad: number;
  /** The interaction's INP, ms (NaN when none was reported). */
  inp: number;
  /** Its parts (web-vitals' attribution): waiting for the main thread, the handlers, then until the paint. */
  parts: InpParts;
}

interface InpParts {
  inputDelay: number;
  processing: number;
  presentation: number;
}
const NO_PARTS: InpParts = { inputDelay: Number.NaN, processing: Number.NaN, presentation: Number.NaN };

type BenchWindow = Window & {
  __inp?: {
    value: number;
    attribution?: {
      inputDelay?: number;
      processingDuration?: number;
      presentationDelay?: number;
      /** web-vitals' best guess of when the paint the INP ends with came (performance.now). */
      nextPaintTime?: number;
    };
  };
  /** The last pointerup's event time, and when a mark first showed over the preview (performance.now). */
  __tapAt?: number;
  __markAt?: number;
  /** When a marked ticket's chip first showed in the ticket bar (performance.now). */
  __chipAt?: number;
  /**
   * Each interaction's longest event (Event Timing, 16 ms or more), in the order they came: the
   * INP of one tap among several (web-vitals' INP is the page's worst).
   */
  __interactions?: Array<{ id: number; duration: number }>;
  /** When the stage's canvas first stroked a shape after a tap (a mark's crosshair; performance.now). */
  __canvasAt?: number;
  /**
   * When a tap's new mark first showed as the crosshair over the canvas or the image, before the
   * screen has heard of the tap (PreviewMarks.tsx PlacingCross; performance.now).
   */
  __crossAt?: number;
};

/** The phone every page of the bench opens on. */
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function openScreen(browser: Browser, player: BenchPlayer | null): Promise<Page> {
  const context = await browser.newContext(PHONE);
  if (player) await context.addCookies([{ ...player.cookie, url: base, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(
    ({ marker, signedIn }) => {
      // A visitor who answered the cookie notice; a player who signed in on this browser.
      localStorage.setItem(
        'cookieConsent',
        JSON.stringify({ choice: 'necessary', at: new Date().toISOString(), version: 1 }),
      );
      if (signedIn) localStorage.setItem(marker, String(Date.now()));
    },
    { marker: STORAGE_KEYS.loginMarker, signedIn: player !== null },
  );
  // When the last tap ended, when a mark first showed over the picture shown as an image, and when
  // the stage's canvas (the one in the page) first stroked a shape after a tap: the picture is
  // drawn as an image, a mark's crosshair and badge are stroked.
  await context.addInitScript(() => {
    const w = window as BenchWindow;
    document.addEventListener('pointerup', (event) => (w.__tapAt = event.timeStamp), { capture: true });
    const stroke = CanvasRenderingContext2D.prototype.stroke;
    CanvasRenderingContext2D.prototype.stroke = function (this: CanvasRenderingContext2D, path?: Path2D) {
      if (w.__tapAt !== undefined && w.__canvasAt === undefined && this.canvas.isConnected)
        w.__canvasAt = performance.now();
      Reflect.apply(stroke, this, path ? [path] : []);
    } as typeof stroke;
    new MutationObserver(() => {
      if (w.__markAt === undefined && document.querySelector('.stage-preview__mark, .placing-cross:not([hidden])'))
        w.__markAt = performance.now();
      if (
        w.__tapAt !== undefined &&
        w.__crossAt === undefined &&
        document.querySelector('.placing-cross:not([hidden])')
      )
        w.__crossAt = performance.now();
      if (w.__chipAt === undefined && document.querySelector('.trial-chip--marked')) w.__chipAt = performance.now();
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  });
  // web-vitals in the bench only, listening from the page's start. Every event of 16 ms or more
  // (Event Timing's least): with web-vitals' default of 40, a quicker tap's INP was its
  // pointerdown's alone (the first input's entry), a few ms, though its pointerup took longer.
  await context.addInitScript({
    content: `${webVitals}\n;webVitals.onINP((metric) => { window.__inp = metric; }, { reportAllChanges: true, durationThreshold: 16 });`,
  });
  await context.addInitScript(() => {
    const w = window as BenchWindow;
    const seen: NonNullable<BenchWindow['__interactions']> = (w.__interactions = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        const known = seen.find((interaction) => interaction.id === entry.interactionId);
        if (known) known.duration = Math.max(known.duration, entry.duration);
        else seen.push({ id: entry.interactionId, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  sessions.set(page, cdp);
  return page;
}

/** Each page's DevTools session, opened with it: a tap asks it for nothing new. */
const sessions = new WeakMap<Page, CDPSession>();

/**
 * The page's DevTools session. Every wait and read of the page goes through it (bench/support/page-poll.ts),
 * never through Playwright's waits, locators or evaluate: those put Playwright's own script into the page,
 * which its thread then compiles and runs inside the measured window.
 */
function sessionOf(page: Page): CDPSession {
  const cdp = sessions.get(page);
  if (!cdp) throw new Error('stage-ready: a page opened by openScreen');
  return cdp;
}

type Box = { x: number; y: number; width: number; height: number };

/** An expression for the box of `element` (an expression for an element or null) once it has a size, else false. */
const boxExpression = (element: string) =>
  `((rect) => rect && rect.width > 0 && rect.height > 0 && { x: rect.x, y: rect.y, width: rect.width, height: rect.height })(${element}?.getBoundingClientRect())`;

/** The box of the first element `selector` finds, once it is there and has a size (CSS px); null if never within `timeoutMs`. */
function boxOf(page: Page, selector: string, timeoutMs = 60_000): Promise<Box | null> {
  return pollInPage<Box>(sessionOf(page), boxExpression(`document.querySelector(${JSON.stringify(selector)})`), {
    timeoutMs,
  }).catch(() => null);
}

/** Where in a box a tap lands, as fractions of its width and height. */
type TapPoint = { x: number; y: number };
/** Every measured tap's point; a second tap on the same page lands away from its mark. */
const FIRST_TAP: TapPoint = { x: 0.3, y: 0.35 };
const SECOND_TAP: TapPoint = { x: 0.7, y: 0.65 };
const pointIn = (box: Box, at: TapPoint) => ({ x: box.x + box.width * at.x, y: box.y + box.height * at.y });

/** How long the finger stays on the glass in a tap (ms). */
const FINGER_MS = 50;

/**
 * A finger's tap on `box` (CSS px), left of its middle and a third down: away from the zoom
 * buttons and any mark in the middle: Chrome's synthetic tap gesture (DevTools'
 * Input.synthesizeTapGesture, a touchstart and FINGER_MS later a touchend, sent to the page as
 * the touchscreen's are). Not Playwright's touchscreen.tap: its DevTools command
 * (Input.dispatchTouchEvent) stamps the touch with the time it is asked, then holds it until the
 * page has committed its next frame before sending it (Chromium's
 * content/browser/devtools/protocol/input_handler.cc, DispatchWebTouchEvent: "We make sure the
 * compositor is up to date before sending a touch event"), and Event Timing counts that wait as
 * the tap's input delay. Traced with Chrome's input latency events on the play screen as the marks
 * showed: 13-110 ms (median 34) between a tap's time and the browser sending it; a finger's touch
 * is sent as it comes.
 */
async function fingerTap(page: Page, box: Box, at: TapPoint = FIRST_TAP): Promise<void> {
  const cdp = sessionOf(page);
  const { x, y } = pointIn(box, at);
  await cdp.send('Input.synthesizeTapGesture', { x, y, duration: FINGER_MS, tapCount: 1, gestureSourceType: 'touch' });
}

/** Half the side of the square around a tap's point whose pixels tell that its mark is on screen (CSS px). */
const SHOWN_SQUARE = 20;

/**
 * A tap at `at` in `box`, and when its pixels reached the screen: how long after the tap was sent
 * the first screencast frame changed in the square around its point (ms; null if none did within
 * 2 s). Screencast frames are what the compositor put out, stamped with the time they were
 * swapped; the frames are decoded on `decoder`, a page of its own that runs at full speed. Not
 * Event Timing: a canvas whose frames go to the display by a path of their own (a desynchronized
 * context, tried in the forty-first session) ends its tap's INP before its pixels show, and this
 * still sees when they did. The capture costs the browser time of its own, so compare this only
 * with itself (the bare page's row).
 */
async function shownAfterTap(page: Page, box: Box, at: TapPoint, decoder: Page): Promise<number | null> {
  const cdp = sessionOf(page);
  const frames: Array<{ at: number; data: string; width: number }> = [];
  const onFrame = (frame: {
    data: string;
    sessionId: number;
    metadata: { timestamp?: number; deviceWidth: number };
  }) => {
    frames.push({ at: (frame.metadata.timestamp ?? 0) * 1000, data: frame.data, width: frame.metadata.deviceWidth });
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  };
  cdp.on('Page.screencastFrame', onFrame);
  try {
    await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentAt = Date.now();
    await fingerTap(page, box, at);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await cdp.send('Page.stopScreencast');
    const point = pointIn(box, at);
    const sums = await decoder.evaluate(
      async ({ frames, point, half }) => {
        const out: number[] = [];
        for (const frame of frames) {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${frame.data}`)).blob());
          const scale = bitmap.width / frame.width;
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const draw = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
          draw.drawImage(bitmap, 0, 0);
          const side = Math.round(2 * half * scale);
          const pixels = draw.getImageData(
            Math.round((point.x - half) * scale),
            Math.round((point.y - half) * scale),
            side,
            side,
          ).data;
          let sum = 0;
          for (let i = 0; i < pixels.length; i += 4)
            sum += (pixels[i] ?? 0) * 3 + (pixels[i + 1] ?? 0) * 5 + (pixels[i + 2] ?? 0) * 7;
          out.push(sum);
        }
        return out;
      },
      { frames, point, half: SHOWN_SQUARE },
    );
    const before = frames.findLastIndex((frame) => frame.at < sentAt);
    if (before < 0) return null;
    const changed = frames.find((_, i) => i > before && sums[i] !== sums[before]);
    return changed ? changed.at - sentAt : null;
  } finally {
    cdp.off('Page.screencastFrame', onFrame);
  }
}

/** A User Timing mark against navigation start and the load event, once the page has set it. */
async function readyTimes(page: Page, mark = MARK): Promise<{ ready: number; afterLoad: number }> {
  return pollInPage(
    sessionOf(page),
    `((mark, nav) => mark && nav && nav.loadEventEnd > 0 && { ready: mark.startTime, afterLoad: mark.startTime - nav.loadEventEnd })(performance.getEntriesByName(${JSON.stringify(mark)}, 'mark')[0], performance.getEntriesByType('navigation')[0])`,
  );
}

/** The INP web-vitals reports for the interactions so far, its parts and when its paint came (NaN when none). */
async function inpOf(page: Page): Promise<{ inp: number; parts: InpParts; paintAt: number }> {
  // window.__inp as BenchWindow says; a part the browser did not give comes back null (JSON has no NaN).
  const reported = await pollInPage<NonNullable<BenchWindow['__inp']>>(sessionOf(page), 'window.__inp', {
    timeoutMs: 5000,
  }).catch(() => null);
  if (!reported) return { inp: Number.NaN, parts: NO_PARTS, paintAt: Number.NaN };
  const { value, attribution } = reported;
  return {
    inp: value,
    paintAt: attribution?.nextPaintTime ?? Number.NaN,
    parts: {
      inputDelay: attribution?.inputDelay ?? Number.NaN,
      processing: attribution?.processingDuration ?? Number.NaN,
      presentation: attribution?.presentationDelay ?? Number.NaN,
    },
  };
}

/** What the stage announces for the selected mark (its coordinates once placed). */
const announced = (page: Page) =>
  pollInPage<[string]>(
    sessionOf(page),
    `((region) => region && [region.textContent])(document.querySelector('.picture-stage [aria-live="polite"]'))`,
    { timeoutMs: 5000 },
  ).then(([text]) => text);

interface ReadyTap extends Timing {
  /**
   * Whether the tap's mark was drawn before the paint its INP ends with, on the stage's canvas or
   * as the crosshair over it; null if it never was.
   */
  drawnInPaint: boolean | null;
  /** A second tap's mark on screen, ms after that tap was sent (shownAfterTap); null if never seen. */
  secondShown: number | null;
  /**
   * A third tap, on the first tap's mark (the second's selected): its INP (ms; 0 when under Event
   * Timing's 16 ms, no entry), and whether it selected that mark.
   */
  select: { inp: number; selected: boolean };
}

/**
 * A tap on the mark at `at` of `box`, once the page is quiet: its interaction's INP (0 when it took
 * under 16 ms: no entry) and whether the stage then announced another selected mark.
 */
async function selectTap(
  page: Page,
  box: Box,
  at: TapPoint,
  selected: (page: Page) => Promise<string> = announced,
): Promise<{ inp: number; selected: boolean }> {
  const cdp = sessionOf(page);
  const before = await selected(page);
  const [count] = await pollInPage<[number]>(cdp, '[window.__interactions.length]');
  await fingerTap(page, box, at);
  // An entry comes after the tap's frame, if the tap took 16 ms or more.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [inp] = await pollInPage<[number]>(cdp, `[window.__interactions[${count}]?.duration ?? 0]`);
  return { inp, selected: (await selected(page)) !== before };
}

/** The number of the mark drawn selected over the picture shown as an image (PreviewMarks.tsx). */
const previewSelected = (page: Page) =>
  pollInPage<[string]>(
    sessionOf(page),
    `[document.querySelector('.stage-preview__mark[data-kind="selected"]')?.textContent ?? '']`,
    { timeoutMs: 5000 },
  ).then(([text]) => text);

/**
 * A tap on a mark drawn over the picture shown as an image, the engine held back (its chunk never
 * answers, as on a phone where it is still on its way): two taps place two marks, a third on the
 * first mark selects it (issue 29: a tap on the picture before the engine is up).
 */
async function selectOnPreview(
  browser: Browser,
  route: string,
  player: BenchPlayer | null,
): Promise<{ inp: number; selected: boolean }> {
  const page = await openScreen(browser, player);
  try {
    await page.route(/\/assets\/StageCanvas-[^/]+\.js$/, () => undefined);
    await page.goto(`${base}${route}?lng=en`, { waitUntil: 'commit' });
    await readyTimes(page, MARKS_MARK);
    const box = await boxOf(page, '.stage-preview__image', 0);
    if (!box) return { inp: Number.NaN, selected: false };
    for (const at of [FIRST_TAP, SECOND_TAP]) {
      await fingerTap(page, box, at);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return await selectTap(page, box, FIRST_TAP, previewSelected);
  } finally {
    await page.context().close();
  }
}

/** Nobody touches the page until the stage is ready; then a tap on an empty spot of the picture. */
async function untouched(
  browser: Browser,
  route: string,
  player: BenchPlayer | null,
  decoder: Page,
): Promise<ReadyTap> {
  const page = await openScreen(browser, player);
  try {
    await page.goto(`${base}${route}?lng=en`);
    const times = await readyTimes(page);
    await pollInPage(sessionOf(page), `!document.querySelector('.stage-preview')`, { timeoutMs: 30_000 });
    const box = await boxOf(page, '.picture-stage__canvas canvas');
    if (!box) throw new Error(`${route}: the stage's canvas has no box once ready`);
    const before = await announced(page);
    await fingerTap(page, box);
    const { paintAt, ...measured } = await inpOf(page);
    if ((await announced(page)) === before) console.log(`  (${route}: the tap placed no mark)`);
    const drawnAt = await pollInPage<[number]>(
      sessionOf(page),
      `(window.__crossAt ?? window.__canvasAt) !== undefined && [Math.min(window.__crossAt ?? Infinity, window.__canvasAt ?? Infinity)]`,
      { pollMs: 50, timeoutMs: 5000 },
    )
      .then(([at]) => at)
      .catch(() => null);
    // After the measured tap's INP is read: its screencast would have cost that tap's frames time.
    // The box read again: a popup bar that came since (the paid-play announcement, answered later
    // than the stage's start) made the stage lower, and a point of the old box may be off it.
    const boxNow = await boxOf(page, '.picture-stage__canvas canvas', 5000);
    const secondShown = await shownAfterTap(page, boxNow ?? box, SECOND_TAP, decoder);
    // Then a tap on the first tap's mark: it selects that mark (issue 29: a tap on the picture).
    const select = await selectTap(page, boxNow ?? box, FIRST_TAP);
    return { ...times, ...measured, drawnInPaint: drawnAt === null ? null : drawnAt <= paintAt, secondShown, select };
  } finally {
    await page.context().close();
  }
}

/** The player taps the picture as soon as it shows (the engine not up yet). */
async function tappedAtFirstPaint(browser: Browser, route: string, player: BenchPlayer | null): Promise<Timing> {
  const page = await openScreen(browser, player);
  try {
    await page.goto(`${base}${route}?lng=en`, { waitUntil: 'commit' });
    // The picture shown (arrived, decoded, with a size); the first paint's image may be replaced by
    // the app's render meanwhile: the box is the one there now.
    const box = await pollInPage<Box>(
      sessionOf(page),
      `((img) => img && img.complete && img.naturalWidth > 0 && ${boxExpression('img')})(document.querySelector('.stage-preview__image'))`,
      { pollMs: 50 },
    );
    await fingerTap(page, box);
    const times = await readyTimes(page);
    const { inp, parts } = await inpOf(page);
    return { ...times, inp, parts };
  } finally {
    await page.context().close();
  }
}

/**
 * The floor under every tap figure: a bare page holding one 2D canvas that a tap draws a dot on,
 * at the same size, slowdown and composite, tapped the same way. Its input delay is the synthetic
 * tap's own (Chrome hands the touch to the page at its next frame: 17-18 ms here), a share of each
 * INP above that no page can lose; its INP (Event Timing reports none under 16 ms) is the least a
 * page's tap can measure here.
 */
const BARE_PAGE = `<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0">
<canvas width="720" height="480" style="width:360px;height:240px;touch-action:none"></canvas><script>
const canvas = document.querySelector('canvas'); const draw = canvas.getContext('2d');
draw.fillStyle = '#2e7d4f'; draw.fillRect(0, 0, 720, 480);
window.__floor = {};
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'pointerup' && e.interactionId) Object.assign(window.__floor, { inp: e.duration, entryDelay: e.processingStart - e.startTime }); })
  .observe({ type: 'event', durationThreshold: 16 });
canvas.addEventListener('pointerup', (e) => {
  window.__floor.delay = performance.now() - e.timeStamp;
  draw.fillStyle = '#fff'; draw.beginPath(); draw.arc(e.offsetX * 2, e.offsetY * 2, 12, 0, 7); draw.fill();
});
</script>`;

/** The bare canvas's box in the page (CSS px), as BARE_PAGE lays it out. */
const BARE_CANVAS: Box = { x: 0, y: 0, width: 360, height: 240 };

/** A tap on the bare page: its input delay, its INP, and a second tap's dot on screen (shownAfterTap). */
interface FloorTap {
  inputDelay: number;
  inp: number;
  secondShown: number | null;
}

async function bareTap(browser: Browser, decoder: Page): Promise<FloorTap> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    sessions.set(page, cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`data:text/html,${encodeURIComponent(BARE_PAGE)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await fingerTap(page, BARE_CANVAS);
    const [inputDelay] = await pollInPage<[number]>(
      cdp,
      'window.__floor.delay !== undefined && [window.__floor.delay]',
      {
        timeoutMs: 5000,
      },
    );
    // An entry comes after the tap's frame, if the tap took 16 ms or more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [inp, entryDelay] = await pollInPage<[number, number | null]>(
      cdp,
      '[window.__floor.inp ?? 0, window.__floor.entryDelay ?? null]',
      { timeoutMs: 1000 },
    );
    const secondShown = await shownAfterTap(page, BARE_CANVAS, SECOND_TAP, decoder);
    // Event Timing's input delay where it gave an entry (as web-vitals' attribution reads it), else the listener's.
    return { inputDelay: entryDelay ?? inputDelay, inp, secondShown };
  } finally {
    await context.close();
  }
}

interface MarkTap extends Timing {
  /** Whether the tap's mark was added before the paint its INP ends with; null if the engine was up first. */
  inNextPaint: boolean | null;
  /**
   * How long after the tap its ticket's chip was added to the ticket bar (ms): the bar renders a
   * placed ticket after the tap's frame (useBarState in src/screens/game/GameBoard.tsx).
   */
  chipAfter: number | null;
}

/** How long after the last tap the page noted `key` (ms), or null if it did not within 5 s. */
function msAfterTap(page: Page, key: '__markAt' | '__chipAt' | '__canvasAt'): Promise<number | null> {
  // As an array: a mark drawn in the tap's own task is 0 ms after it, which a poll reads as not yet.
  return pollInPage<[number]>(
    sessionOf(page),
    `window.${key} !== undefined && window.__tapAt !== undefined && [window.${key} - window.__tapAt]`,
    { pollMs: 50, timeoutMs: 5000 },
  )
    .then(([after]) => after)
    .catch(() => null);
}

/** The player taps the picture as soon as the marks are drawn over it (the game loaded, the engine not up). */
async function tappedOnceMarksShow(browser: Browser, route: string, player: BenchPlayer | null): Promise<MarkTap> {
  const page = await openScreen(browser, player);
  try {
    await page.goto(`${base}${route}?lng=en`, { waitUntil: 'commit' });
    const times = await readyTimes(page, MARKS_MARK);
    const box = await boxOf(page, '.stage-preview__image', 0);
    if (!box) return { ...times, inp: Number.NaN, parts: NO_PARTS, inNextPaint: null, chipAfter: null };
    await fingerTap(page, box);
    const { inp, parts } = await inpOf(page);
    const shown = await msAfterTap(page, '__markAt');
    const chipAfter = await msAfterTap(page, '__chipAt');
    // No preview mark: the engine drew the picture (and the mark) before the tap.
    return { ...times, inp, parts, inNextPaint: shown === null ? null : shown <= inp, chipAfter };
  } finally {
    await page.context().close();
  }
}

const median = (values: number[]) => medianP90(values).median;
const p90 = (values: number[]) => medianP90(values).p90;
const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '-').padStart(7);

/** The medians of an INP's parts: where its time went. */
function partsLine(timings: Timing[]): string {
  const of = (part: keyof InpParts) => ms(median(timings.map((t) => t.parts[part]))).trim();
  return `  ${'  its parts (medians): input delay'.padEnd(46)} ${of('inputDelay')}, processing ${of('processing')}, presentation ${of('presentation')}`;
}

/** The taps over the target, each with its parts: where a tail's time went (an input delay is the
 * main thread busy when the tap came; a presentation, the frame after the handlers). */
function overLine(timings: Array<Timing & { inNextPaint?: boolean | null }>): string | null {
  const over = timings.filter((t) => t.inp > INP_TARGET_MS);
  if (over.length === 0) return null;
  // For a tap as soon as the marks are drawn: who drew its mark (the engine, up first, or the
  // image's marks: in the tap's next paint, or later).
  const drawer = (t: (typeof over)[number]) =>
    t.inNextPaint === undefined ? '' : t.inNextPaint === null ? ' engine' : t.inNextPaint ? ' image' : ' image, later';
  const each = over.map(
    (t) =>
      `${Math.round(t.inp)} (${Math.round(t.parts.inputDelay)}/${Math.round(t.parts.processing)}/${Math.round(t.parts.presentation)}${drawer(t)})`,
  );
  return `  ${'  over the target: INP (delay/processing/paint)'.padEnd(46)} ${each.join(', ')}`;
}

/** The screencast's row (shownAfterTap): its figures, and how many taps it never saw on screen. */
function shownLine(
  at: Pick<StageRow, 'compositor' | 'route'>,
  label: string,
  taps: Array<{ secondShown: number | null }>,
): string {
  const seen = taps.flatMap((t) => (t.secondShown === null ? [] : [t.secondShown]));
  const unseen = taps.length - seen.length;
  return `${row(at, label, seen, null)}${unseen ? `  (${unseen} never seen within 2 s)` : ''}`;
}

function line(label: string, values: number[], target: number | null): string {
  const verdict = target === null ? '' : p90(values) <= target ? 'met' : 'not met';
  return `  ${label.padEnd(46)} ${ms(median(values))} ${ms(p90(values))}   ${target === null ? '' : `${target}`.padStart(6)}  ${verdict}   [${values.map((v) => Math.round(v)).join(', ')}]`;
}

/** Every measured row, written as JSON to BENCH_STAGE_JSON when it is set (bench/stage-compare.ts reads it). */
const recorded: StageRow[] = [];

/** A measured row: recorded, and printed as line() prints it. */
function row(
  at: Pick<StageRow, 'compositor' | 'route'>,
  label: string,
  values: number[],
  target: number | null,
): string {
  recorded.push({ ...at, label: label.trim(), values, target });
  return line(label, values, target);
}

try {
  await waitForServer(base, server, 240_000);
  // At night, between two windows, the play screen would show 'Game Play Closed!' instead of its stage.
  openContestNow(benchSqlitePath(env));
  const player = SCREENS.some((screen) => screen.player) ? await signedInPlayer(base, env) : null;
  for (const compositor of COMPOSITORS) {
    const browser = await launchBenchChromium({ extra: COMPOSITING[compositor].flags });
    // Decodes the screencast frames of shownAfterTap, at full speed, in a context of its own.
    const decoder = await (await browser.newContext()).newPage();
    console.log(
      `Stage engine ready and tap INP, production server, phone 360x740 @2x with touch (a finger's taps: synthetic tap gestures), CPU ${CPU_SLOWDOWN}x slower, ${RUNS} cold loads each after one not counted (ms; verdict on p90)`,
    );
    console.log(`  the stage on a 2D canvas; ${COMPOSITING[compositor].says}`);
    console.log(machineSpeedLine(await machineSpeed(browser, CPU_SLOWDOWN), CPU_SLOWDOWN));
    const judge = await quietJudge(browser);
    console.log(`  ${''.padEnd(46)}  median     p90   target`);
    for (const { route, player: needsPlayer } of SCREENS) {
      const who = needsPlayer ? player : null;
      const loads = {
        untouched: [] as Judged<ReadyTap>[],
        'tapped at first paint': [] as Judged<Timing>[],
        'tapped once marked': [] as Judged<MarkTap>[],
        'a mark selected': [] as Judged<{ inp: number; selected: boolean }>[],
      };
      // One load first, not counted: a production server has answered this screen before (its
      // first answer after a start was 300-500 ms late here, the quick game's first run always the
      // slowest of five).
      if (compositor === COMPOSITORS[0]) await untouched(browser, route, who, decoder);
      // RUNS quiet loads of each kind, in turns; a kind's load set aside is run again, RUNS more at most.
      const wanted = (kind: readonly Judged<unknown>[]) => quietCount(judge, kind) < RUNS;
      for (let turn = 0; turn < 2 * RUNS && Object.values(loads).some(wanted); turn++) {
        if (wanted(loads.untouched))
          loads.untouched.push(await judge.judge(() => untouched(browser, route, who, decoder)));
        if (wanted(loads['tapped at first paint']))
          loads['tapped at first paint'].push(await judge.judge(() => tappedAtFirstPaint(browser, route, who)));
        if (wanted(loads['tapped once marked']))
          loads['tapped once marked'].push(await judge.judge(() => tappedOnceMarksShow(browser, route, who)));
        if (wanted(loads['a mark selected']))
          loads['a mark selected'].push(await judge.judge(() => selectOnPreview(browser, route, who)));
      }
      const still = quietValues(judge, loads.untouched);
      const tapped = quietValues(judge, loads['tapped at first paint']);
      const marked = quietValues(judge, loads['tapped once marked']);
      const previewSelects = quietValues(judge, loads['a mark selected']);
      console.log(route);
      const setAside = setAsideList(judge, loads);
      console.log(
        setAside.length === 0
          ? `  no load set aside: the machine stayed within ${QUIET_SHARE * 100}% of its fastest (the fixed script in ${Math.round(judge.fastest())} ms unthrottled)`
          : `  set aside, the machine slower than ${QUIET_SHARE * 100}% of its fastest (${Math.round(judge.fastest())} ms) as they started, each run again: ${setAside.join(', ')}`,
      );
      // The measured lines, in print order: [label, values, target or null].
      const rows: Array<[string, number[], number | null]> = [
        ['marks drawn (engine not up), from navigation', marked.map((t) => t.ready), READY_TARGET_MS],
        ['marks drawn (engine not up), after load', marked.map((t) => t.afterLoad), READY_TARGET_MS],
        ['INP, tap as soon as the marks are drawn', marked.map((t) => t.inp), INP_TARGET_MS],
      ];
      const later: Array<[string, number[], number | null]> = [
        ['ready, untouched, from navigation start', still.map((t) => t.ready), READY_TARGET_MS],
        ['ready, untouched, after the load event', still.map((t) => t.afterLoad), READY_TARGET_MS],
        ['ready, tapped at first paint, from navigation', tapped.map((t) => t.ready), READY_TARGET_MS],
        ['ready, tapped at first paint, after load', tapped.map((t) => t.afterLoad), READY_TARGET_MS],
      ];
      const at = { compositor, route };
      for (const measured of rows) console.log(row(at, ...measured));
      const inPaint = marked.filter((t) => t.inNextPaint === true).length;
      const engineFirst = marked.filter((t) => t.inNextPaint === null).length;
      console.log(
        `  ${"  its mark in the tap's next paint".padEnd(46)} ${inPaint} of ${marked.length}${engineFirst ? ` (${engineFirst} drawn by the engine, up first)` : ''}`,
      );
      console.log(partsLine(marked));
      const markedOver = overLine(marked);
      if (markedOver) console.log(markedOver);
      const chips = marked.flatMap((t) => (t.chipAfter === null ? [] : [t.chipAfter]));
      if (chips.length > 0) console.log(row(at, '  its chip in the ticket bar, after the tap', chips, null));
      console.log(
        row(
          at,
          'INP, a tap on a mark drawn (engine held back)',
          previewSelects.map((t) => t.inp),
          INP_TARGET_MS,
        ),
      );
      const previewUnselected = previewSelects.filter((t) => !t.selected).length;
      if (previewUnselected > 0)
        console.log(`  ${'  (of which selected nothing)'.padEnd(46)} ${previewUnselected} of ${previewSelects.length}`);
      for (const measured of later) console.log(row(at, ...measured));
      console.log(
        row(
          at,
          'INP, tap on the picture once ready',
          still.map((t) => t.inp),
          INP_TARGET_MS,
        ),
      );
      const drawnInPaint = still.filter((t) => t.drawnInPaint === true).length;
      const neverDrawn = still.filter((t) => t.drawnInPaint === null).length;
      console.log(
        `  ${"  its mark drawn in the INP's paint".padEnd(46)} ${drawnInPaint} of ${still.length}${neverDrawn ? ` (${neverDrawn} not drawn within 5 s)` : ''}`,
      );
      console.log(partsLine(still));
      const stillOver = overLine(still);
      if (stillOver) console.log(stillOver);
      console.log(shownLine(at, '  a second tap: its mark on screen, after sent', still));
      console.log(
        row(
          at,
          'INP, a third tap, on the first mark: selects it',
          still.map((t) => t.select.inp),
          INP_TARGET_MS,
        ),
      );
      const unselected = still.filter((t) => !t.select.selected).length;
      if (unselected > 0)
        console.log(`  ${'  (of which selected nothing)'.padEnd(46)} ${unselected} of ${still.length}`);
      console.log(
        row(
          at,
          'INP, tap at first paint (engine not up)',
          tapped.map((t) => t.inp),
          null,
        ),
      );
    }
    const floor: FloorTap[] = [];
    for (let run = 0; run < RUNS; run++) floor.push(await bareTap(browser, decoder));
    console.log('a bare page with one 2D canvas, the same tap (the floor under the figures above)');
    const bare = { compositor, route: 'floor' };
    console.log(
      row(
        bare,
        "  its input delay (the synthetic tap's own)",
        floor.map((t) => t.inputDelay),
        null,
      ),
    );
    console.log(
      row(
        bare,
        '  its INP (0: under 16 ms, no entry)',
        floor.map((t) => t.inp),
        null,
      ),
    );
    console.log(shownLine(bare, '  a second tap: its dot on screen, after sent', floor));
    // Again at the end: a machine that slowed or sped up during the runs shows here.
    console.log(machineSpeedLine(await machineSpeed(browser, CPU_SLOWDOWN), CPU_SLOWDOWN, 'after'));
    await browser.close();
  }
  if (process.env.BENCH_STAGE_JSON) writeFileSync(process.env.BENCH_STAGE_JSON, JSON.stringify(recorded));
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
