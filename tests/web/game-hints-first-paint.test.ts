import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { minifySync } from 'vite';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import {
  GAME_HINTS_FIRST_PAINT_ATTRIBUTE,
  GAME_HINTS_SEEN_ATTRIBUTE,
  firstHintsScriptText,
} from '../../src/ui/game-hints-first-paint.ts';

// The head script as the build writes it into a game screen's page (scripts/prerender.ts).
const SCRIPT = minifySync('first-hints.js', firstHintsScriptText()).code;

/** A game screen's first paint (GameHints as the pre-render writes them), then the app's own hints. */
const FIRST_PAINT_HINTS = `<section class="game-hints" ${GAME_HINTS_FIRST_PAINT_ATTRIBUTE}=""><button type="button">Got it</button></section>`;
const APP_HINTS = `<section class="game-hints"><button type="button">Got it</button></section>`;

/** A game screen's page parsed from the start, its script in the head, with what this browser kept before. */
function loadPage(kept: Record<string, string>, options: { storageBlocked?: boolean } = {}) {
  return loadWindow(kept, options).document.documentElement;
}

function loadWindow(
  kept: Record<string, string>,
  { storageBlocked = false, hints = '<section class="game-hints">How to play</section>' } = {},
) {
  const dom = new JSDOM(
    `<!doctype html><html lang="en"><head><script>${SCRIPT}</script></head>` +
      `<body><main id="main" tabindex="-1"><div id="root">${hints}</div></main></body></html>`,
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
  return dom.window;
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

  it("take the first paint's 'Got it' before the app can: saved as GameHints saves it, out of view, the focus on the page", () => {
    const window = loadWindow({}, { hints: FIRST_PAINT_HINTS });
    const button = window.document.querySelector('button')!;
    button.focus();
    button.click();
    expect(window.localStorage.getItem(STORAGE_KEYS.gameHintsSeen)).toBe('1');
    expect(window.document.documentElement.hasAttribute(GAME_HINTS_SEEN_ATTRIBUTE)).toBe(true);
    expect(window.document.activeElement).toBe(window.document.getElementById('main'));
  });

  it("leave the app's own hints to answer for themselves", () => {
    const window = loadWindow({}, { hints: APP_HINTS });
    window.document.querySelector('button')!.click();
    expect(window.localStorage.getItem(STORAGE_KEYS.gameHintsSeen)).toBeNull();
    expect(window.document.documentElement.hasAttribute(GAME_HINTS_SEEN_ATTRIBUTE)).toBe(false);
  });

  it("go for this visit where storage is blocked, when the first paint's 'Got it' is pressed", () => {
    const window = loadWindow({}, { hints: FIRST_PAINT_HINTS, storageBlocked: true });
    window.document.querySelector('button')!.click();
    expect(window.document.documentElement.hasAttribute(GAME_HINTS_SEEN_ATTRIBUTE)).toBe(true);
  });

  it("show the list for the browser's pointer by its media query, the touch list by default", () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/trial/layouts-hints.css'), 'utf8');
    expect(css).toMatch(/\.game-hints__list--fine \{\s*display: none;/);
    expect(css).toMatch(
      /@media \(pointer: fine\) \{\s*\.game-hints__list--touch \{\s*display: none;\s*\}\s*\.game-hints__list--fine \{\s*display: flex;/,
    );
  });
});
