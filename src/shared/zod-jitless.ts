/**
 * Zod in the browser without its eval probe (issue 29). The site's Content Security Policy allows
 * no eval, so zod's compiled object parsers never run here; yet zod probed for them with a
 * `new Function` in a try as the first object schema was made, which the browser refused with a
 * Content Security Policy violation (an event, a console error, a thrown EvalError) during a game
 * screen's start. Under `jitless` zod skips the probe and parses as it did. Zod reads this
 * configuration object from the global it shares (zod/v4/core/core.js), so it is set before any
 * zod code runs in the page, and mutated rather than replaced if zod made it already.
 * The server keeps zod's compiled parsers.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

export function zodWithoutEval(): void {
  const global = globalThis as ZodGlobal;
  (global.__zod_globalConfig ??= {}).jitless = true;
}
