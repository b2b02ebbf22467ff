/**
 * A build step for the app's first evaluation (issue 29): React DOM's production client makes five
 * Error objects as its module is evaluated, markers it throws and recognises by identity (a
 * component waiting for data, a hydration mismatch; never shown to anyone). When an inspector is
 * attached to the page (Lighthouse, Playwright, DevTools), the browser records a detailed stack
 * trace for every Error made, with line and column for each frame: V8 then parses the whole of the
 * frames' code again for their source positions, here the app's 370 KB entry script and React DOM's
 * module. Traced at 4x CPU: 87 ms of the entry's evaluation, one long task before the game starts,
 * which Lighthouse counts as blocking time. Without an inspector the cost is far smaller.
 *
 * This step makes the five markers as objects with Error's prototype and message but no stack
 * (`instanceof Error`, `message` and `name` as before; React only compares them by identity). It
 * fails the build if a React DOM upgrade changed the code it expects.
 */
import type { Plugin } from 'vite';
import { replaceEachOnce } from './replace-once.ts';

const CLIENT = /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** React's error codes of the five markers made at evaluation (react.dev/errors/N). */
export const MARKER_CODES = [519, 460, 474, 542, 461] as const;

export const SENTINEL_FUNCTION = 'cricspotErrorSentinel';
const USE_STRICT = '"use strict";\n';
/** The function making a marker: Error's prototype and the message, no stack captured. */
export const SENTINEL_DECLARATION = `function ${SENTINEL_FUNCTION}(message) {
  var marker = Object.create(Error.prototype);
  marker.message = message;
  return marker;
}
`;

/** react-dom-client.production.js with its five evaluation-time markers made without a stack. */
export function errorSentinels(code: string): string {
  return replaceEachOnce(
    code,
    [
      [USE_STRICT, USE_STRICT + SENTINEL_DECLARATION],
      ...MARKER_CODES.map(
        (errorCode) =>
          [
            `Error(formatProdErrorMessage(${errorCode}))`,
            `${SENTINEL_FUNCTION}(formatProdErrorMessage(${errorCode}))`,
          ] as const,
      ),
    ],
    'react-dom-error-sentinels: React DOM changed react-dom-client.production.js; check the Errors it makes as it is evaluated',
  );
}

/** The Vite plugin applying errorSentinels to React DOM's production client. */
export function reactDomErrorSentinels(): Plugin {
  return {
    name: 'cricspot-react-dom-error-sentinels',
    transform(code, id) {
      return CLIENT.test(id) ? { code: errorSentinels(code), map: null } : null;
    },
  };
}
