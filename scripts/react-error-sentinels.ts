/**
 * A build step for the evaluation of React's two renderers (issue 29): React DOM's production
 * client makes five Error objects as its module is evaluated, and React's reconciler (the renderer
 * @pixi/react makes for the stage's scene) four as its factory is called, markers React throws and
 * recognises by identity (a component waiting for data, a hydration mismatch; never shown to
 * anyone). When an inspector is attached to the page (Lighthouse, Playwright, DevTools), the
 * browser records a detailed stack trace for every Error made, with line and column for each frame:
 * V8 then parses the whole of the frames' code again for their source positions. Traced at 4x CPU:
 * React DOM's, 87 ms of the entry's evaluation, one long task before the game starts, which
 * Lighthouse counts as blocking time; the reconciler's, 58 ms of the stage engine's longest step
 * (the evaluation of @pixi/react's chunk, its 136 KB parsed again), where a player's early tap
 * waits. Without an inspector the cost is far smaller.
 *
 * This step makes the markers as objects with Error's prototype and message but no stack
 * (`instanceof Error`, `message` and `name` as before; React only compares them by identity). It
 * fails the build if a React upgrade changed the code it expects.
 */
import type { Plugin } from 'vite';
import { dependencyRewrites, replaceEachOnce } from './dependency-rewrite.ts';

/** A renderer's production module and React's error codes of the markers it makes as it starts (react.dev/errors/N). */
interface Renderer {
  readonly name: string;
  readonly file: RegExp;
  readonly markerCodes: readonly number[];
}

export const REACT_DOM: Renderer = {
  name: 'React DOM',
  file: /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/,
  markerCodes: [519, 460, 474, 542, 461],
};

export const RECONCILER: Renderer = {
  name: "React's reconciler",
  file: /react-reconciler[\\/]cjs[\\/]react-reconciler\.production\.js$/,
  markerCodes: [519, 460, 474, 461],
};

const RENDERERS = [REACT_DOM, RECONCILER];

export const SENTINEL_FUNCTION = 'cricspotErrorSentinel';
const USE_STRICT = '"use strict";\n';
/** The function making a marker: Error's prototype and the message, no stack captured. */
export const SENTINEL_DECLARATION = `function ${SENTINEL_FUNCTION}(message) {
  var marker = Object.create(Error.prototype);
  marker.message = message;
  return marker;
}
`;

/** A renderer's module with its start-time markers made without a stack. */
export function errorSentinels(code: string, renderer: Renderer): string {
  return replaceEachOnce(
    code,
    [
      [USE_STRICT, USE_STRICT + SENTINEL_DECLARATION],
      ...renderer.markerCodes.map(
        (errorCode) =>
          [
            `Error(formatProdErrorMessage(${errorCode}))`,
            `${SENTINEL_FUNCTION}(formatProdErrorMessage(${errorCode}))`,
          ] as const,
      ),
    ],
    `react-error-sentinels: ${renderer.name} changed; check the Errors it makes as it starts`,
  );
}

/** The Vite plugin applying errorSentinels to both renderers' production modules. */
export function reactErrorSentinels(): Plugin {
  return dependencyRewrites(
    'cricspot-react-error-sentinels',
    RENDERERS.map((renderer) => [renderer.file, (code: string) => errorSentinels(code, renderer)] as const),
  );
}
