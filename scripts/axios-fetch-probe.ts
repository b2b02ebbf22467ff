/**
 * A build step for the game screens' start (issue 29): axios's fetch adapter module
 * (`axios/lib/adapters/fetch.js`, in the graph of every axios import) makes its default adapter
 * when it is evaluated, `const adapter = getFetch();`, and making it tests the browser's fetch
 * support on the spot: a Request with a ReadableStream body, a Response's body stream, a
 * TextEncoder. Traced at 4x CPU with the profiler on, 19 ms of the 38 ms task that evaluates the
 * site's HTTP client (src/api/http.ts) on the game screens' start. The site's axios sends by
 * XMLHttpRequest (axios's first adapter in a browser), and axios itself reaches the fetch adapter
 * only through `getFetch` (adapters.js), never through that default export.
 *
 * This step marks the call pure, so the bundler leaves it out where nothing reads the default
 * export (the site's build) and keeps it, unchanged, where something does. It fails the build if an
 * axios upgrade changed the line it expects.
 */
import type { Plugin } from 'vite';
import { dependencyRewrites, replaceEachOnce } from './dependency-rewrite.ts';

const MODULE = /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

const EAGER = 'const adapter = getFetch();';
const DROPPABLE = 'const adapter = /* @__PURE__ */ getFetch();';

/** fetch.js with its default adapter's making marked pure, for the bundler to leave out when unused. */
export function pureDefaultFetchAdapter(code: string): string {
  return replaceEachOnce(
    code,
    [[EAGER, DROPPABLE]],
    "axios-fetch-probe: axios changed adapters/fetch.js; check whether it still tests fetch's support when evaluated",
  );
}

/** The Vite plugin applying pureDefaultFetchAdapter to axios's fetch adapter. */
export function pureAxiosFetchAdapter(): Plugin {
  return dependencyRewrites('cricspot-pure-axios-fetch-adapter', [[MODULE, pureDefaultFetchAdapter]]);
}
