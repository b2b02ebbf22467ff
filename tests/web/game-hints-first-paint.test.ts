import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { minifySync } from 'vite';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { GAME_HINTS_SEEN_ATTRIBUTE, firstHintsScriptText } from '../../src/ui/game-hints-first-paint.ts';

// The head script as the build writes it into a game screen's page (scripts/prerender.ts).
const SCRIPT = minifySync('first-hints.js', firstHintsScriptText()).code;

/** A game screen's page parsed from the start, its script in the head, with what this browser kept before. */
function loadPage(kept: Record<string, string>, { storageBlocked = false } = {}) {
  const dom = new JSDOM(
    `<!doctype html><html lang="en"><head><script>${SCRIPT}</script></head>` +
      `<body><div id="root"><section class="game-hints">How to play</section></div></body></html>`,
    {
      runScripts: 'dangerously',
      url: 'https://cricspot.example/play_screen',
      beforeParse(window) {
        for (const [key, value] of Object.entries(kept)) window.localStorage.setItem(key, value);
        if (storageBlocked)
          Object.defineProperty(window, 'localStorage', {
            get() {
              throw new window.DOMException('The operation is insecure.', 'SecurityError');
            },
          });
      },
    },
  );
  return dom.window.document.documentElement;
}

describe("the game hints in a game screen's first paint", () => {
  it('are left in for a player who has not dismissed them (as GameHints shows them)', () => {
    expect(loadPage({}).hasAttribute(GAME_HINTS_SEEN_ATTRIBUTE)).toBe(false);
  });

  it('are marked out, before the page is drawn, for a player who dismissed them once', () => {
    expect(loadPage({ [STORAGE_KEYS.gameHintsSeen]: '1' }).hasAttribute(GAME_HINTS_SEEN_ATTRIBUTE)).toBe(true);
  });

  it('are left in where storage is blocked, as GameHints cannot read it either', () => {
    expect(loadPage({}, { storageBlocked: true }).hasAttribute(GAME_HINTS_SEEN_ATTRIBUTE)).toBe(false);
  });

  it("are hidden by the hints' style under that mark", () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/trial/layouts-hints.css'), 'utf8');
    expect(css).toMatch(new RegExp(`html\\[${GAME_HINTS_SEEN_ATTRIBUTE}\\] \\.game-hints \\{\\s*display: none;`));
  });
});
