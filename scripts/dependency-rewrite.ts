import type { Plugin } from 'vite';

/**
 * The rewrite a build step makes in a dependency's module (the Pixi, React DOM and axios steps): each
 * `[part, replacement]` in turn, every part required exactly once in the code; otherwise `failure`
 * is thrown, and the build stops rather than ship the module unrewritten after an upgrade.
 */
export function replaceEachOnce(
  code: string,
  replacements: ReadonlyArray<readonly [part: string, replacement: string]>,
  failure: string,
): string {
  let rewritten = code;
  for (const [part, replacement] of replacements) {
    if (rewritten.split(part).length !== 2) throw new Error(failure);
    rewritten = rewritten.replace(part, () => replacement);
  }
  return rewritten;
}

/**
 * The Vite plugin of such a build step: each dependency's module whose path `file` matches is
 * rewritten by its `rewrite` (the first that matches); every other module is left as it is.
 */
export function dependencyRewrites(
  name: string,
  rewrites: ReadonlyArray<readonly [file: RegExp, rewrite: (code: string) => string]>,
): Plugin {
  return {
    name,
    transform(code, id) {
      const match = rewrites.find(([file]) => file.test(id));
      return match ? { code: match[1](code), map: null } : null;
    },
  };
}
