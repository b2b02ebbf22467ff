/**
 * The rewrite a build step makes in a dependency's module (the Pixi and React DOM steps): each
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
