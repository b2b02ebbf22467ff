import { zodWithoutEval } from './shared/zod-jitless.ts';
import { StrictMode, startTransition, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { currentLanguage, initI18n, openDetectionSources } from './shared/i18n.ts';
import { loadFirstPaintCode } from './app/routes.tsx';
import { Spinner } from './ui/Spinner.tsx';
import { watchPreviewTaps } from './stage/preview-taps.ts';
import { activity } from './shared/activity.ts';
import { startHydrating } from './ui/use-hydrated.ts';
import { afterNextPaint, watchTapLifts } from './shared/yield-to-browser.ts';
import { preloadGameCode } from './shared/preload-modules.ts';
import { AssumedLogin } from './shared/use-logged-in.ts';
import { loginMarker } from './shared/login-marker.ts';
import { ASSUMED_LOGIN_ATTRIBUTE } from '../domain/html.ts';
import './styles/tokens.css';
import './styles/base.css';
// In the first paint: a pre-rendered page may show its popup bar there (app/watchers/first-paint-popup.ts).
import './styles/popups.css';

// Before anything reads the login marker: a marker left from a session the server says has ended,
// or one the browser lost from a session the server says lives.
loginMarker.forgetEnded();
loginMarker.adoptLive();
// Before any screen's code makes a schema (the site's policy allows no eval for zod to probe).
zodWithoutEval();
// A tap on a game screen's picture counts from this script's first moment, before the app has
// rendered (the first paint is the build's HTML) and before the stage has started (issue 25).
watchPreviewTaps();
// The stage engine's start goes on between the player's presses, not during one (nextQuietTask).
watchTapLifts();
// The 30-minute session counts from the last activity the page saw, before its watcher started too.
activity.watch();

/** How long a game screen's app waits for its first paint's picture before it renders anyway. */
const PICTURE_WAIT_MS = 2500;
/** How long a game screen waits for its picture on screen before it asks for its code anyway. */
const CODE_WAIT_MS = 400;

const container = document.getElementById('root')!;
// A page the build rendered as a logged-in player sees it (sent to a request with a session):
// hydrated as such, so a player's header and home are kept, not drawn again as a visitor's first.
const assumedLogin = container.hasAttribute(ASSUMED_LOGIN_ATTRIBUTE);
const app = (
  <StrictMode>
    <AssumedLogin value={assumedLogin}>
      <Suspense fallback={<Spinner />}>
        <App />
      </Suspense>
    </AssumedLogin>
  </StrictMode>
);
// The build pre-renders the public pages in each language (scripts/prerender.ts); the server
// sends the visitor's language. That HTML is on screen already: React takes it over (hydrates)
// once the translations are in. In another language than the visitor's (a language kept only in
// local storage), it is rendered anew instead.
//
// Each first render runs as a transition: React then renders in slices of a few milliseconds and
// lets the browser answer a tap between them, instead of one long task on a slow phone (the
// commit that puts it on screen is still one step).
const prerendered = container.dataset.prerendered;
// Started once this script has been evaluated, not in the middle of it (issue 29): i18next's
// language detector reads the cookie, and a game screen's start decodes the picture and sets
// timers; for such calls the browser notes where the script stands, with an inspector attached
// (Lighthouse) a stack trace whose frames' code V8 parses again, and this script's top level in
// it was the whole entry parsed a second time (130-160 ms of its evaluation at 4x; the detector's
// own read as its module is evaluated: scripts/language-detector-cookie-probe.ts).
// In a task of its own, not a microtask of the evaluation's: the evaluation and the start were one
// task of 16-24 ms at full speed, 64-96 ms on a phone 4x slower (a long task after the first paint).
// The cookie and storages the language detector reads are opened in tasks before it (openDetectionSources).
void openDetectionSources().then(start);

function start() {
  const translations = initI18n();
  if (prerendered) {
    void translations.then((i18n) => {
      startTransition(() => {
        if (currentLanguage(i18n) === prerendered) {
          startHydrating();
          hydrateRoot(container, app);
        } else createRoot(container).render(app);
      });
    });
  } else if (container.hasChildNodes()) {
    // A game screen's first paint, written by the build but not hydrated (what it reads from the
    // browser's storage can differ): it paints first, then the app renders in its place.
    const nextFrame = () => new Promise<void>((resolve) => afterNextPaint(resolve));
    // Its picture (preloaded with the HTML) is shown by the first paint's own <img> before the app
    // replaces it: the player sees it arrive once, and a copy still arriving does not start again in
    // the app's element. On a slow network the app waits for it PICTURE_WAIT_MS at most.
    const picture = container.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    const painted = Promise.race([
      picture?.decode().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS)),
    ]).then(nextFrame);
    // Its screen's code too, so that the first render does not suspend and cover the picture with
    // the route's spinner while the chunks arrive. The code is asked for once the picture is on
    // screen, or CODE_WAIT_MS after this script at most: on a slow network the picture has the
    // connection to itself first (the build preloads no code of a game screen, scripts/prerender.ts).
    const codeAsked = Promise.race([painted, new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))]);
    // On a game screen every file of it is asked for at once (in a few tasks), then evaluated one per
    // task as the imports come to it; then the stage engine's files are fetched without running them
    // (src/stage/scene-loader.ts runs them once the page is idle).
    const code = codeAsked.then(() => {
      preloadGameCode().catch(() => undefined);
      return loadFirstPaintCode(window.location.pathname);
    });
    void Promise.all([translations, painted, code]).then(() =>
      startTransition(() => createRoot(container).render(app)),
    );
  } else {
    const root = createRoot(container);
    root.render(<Spinner />);
    void translations.then(() => startTransition(() => root.render(app)));
  }
}
