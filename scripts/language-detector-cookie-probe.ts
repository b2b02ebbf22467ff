/**
 * A build step for every page's first script (issue 29): i18next's browser language detector
 * tests, as its module is evaluated, whether `document.cookie` can be read (its default order of
 * detectors drops the cookie where it throws). Reading the cookie makes the browser note where the
 * script stands, and with an inspector attached (Lighthouse, Playwright, DevTools) that is a stack
 * trace with a line and column for every frame: V8 then parses the frames' code again for its
 * source positions. Evaluated as the entry chunk is, the frame is the chunk's own top level, so the
 * whole entry (React, the router, i18next, the app's shell) was parsed a second time: traced at 4x
 * CPU on the home page, 119 ms of the entry's 166 ms evaluation (`V8.CollectSourcePositions`, the
 * longest task of every page before its first render); the entry evaluated in 54 ms at 4x with V8's
 * source positions made up front instead (`--no-enable-lazy-source-positions`, for the measurement
 * only).
 *
 * This step makes the test when the detector's defaults are first asked for (its `init`, in
 * i18next's), with the same result and the same default order as before. The site starts i18next
 * after its first script has been evaluated (src/main.tsx), so no read of the cookie has that
 * script's top level on its stack. It fails the build if an upgrade changed the code it expects.
 */
import type { Plugin } from 'vite';
import { dependencyRewrites, replaceEachOnce } from './dependency-rewrite.ts';

const MODULE = /i18next-browser-languagedetector[\\/]dist[\\/]esm[\\/]i18nextBrowserLanguageDetector\.js$/;

const EAGER_PROBE = `let canCookies = false;
try {
  // eslint-disable-next-line no-unused-expressions
  document.cookie;
  canCookies = true;
  // eslint-disable-next-line no-empty
} catch (e) {}
const order = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];
if (!canCookies) order.splice(1, 1);
`;

const LAZY_PROBE = `// The cookie test on the first ask for the defaults, not as this module is evaluated (the site's scripts/language-detector-cookie-probe.ts).
let canCookies = null;
const order = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];
const defaultOrder = () => {
  if (canCookies === null) {
    canCookies = false;
    try {
      // eslint-disable-next-line no-unused-expressions
      document.cookie;
      canCookies = true;
      // eslint-disable-next-line no-empty
    } catch (e) {}
    if (!canCookies) order.splice(1, 1);
  }
  return order;
};
`;

const EAGER_DEFAULTS = 'const getDefaults = () => ({\n  order,\n';
const LAZY_DEFAULTS = 'const getDefaults = () => ({\n  order: defaultOrder(),\n';

/** The detector's module with its cookie test made on the first ask for its defaults. */
export function lazyCookieProbe(code: string): string {
  return replaceEachOnce(
    code,
    [
      [EAGER_PROBE, LAZY_PROBE],
      [EAGER_DEFAULTS, LAZY_DEFAULTS],
    ],
    'language-detector-cookie-probe: i18next-browser-languagedetector changed; check whether it still reads document.cookie as it is evaluated',
  );
}

/** The Vite plugin applying lazyCookieProbe to the language detector's module. */
export function lazyLanguageDetectorCookieProbe(): Plugin {
  return dependencyRewrites('cricspot-lazy-language-detector-cookie-probe', [[MODULE, lazyCookieProbe]]);
}
