import { STORAGE_KEYS } from '../shared/storage-keys.ts';

/**
 * The game hints in a game screen's first paint (the build's HTML, before the app renders in its
 * place): there as the app has them, so the picture under them does not move when the app takes
 * over. A first-time player sees them from the first paint; for a player who dismissed them once
 * (GameHints), this head script marks <html> before the page is drawn and the hints' style leaves
 * them out (styles/trial/layouts-hints.css). Its "Got it" works before the app does: the script
 * saves the answer as GameHints saves it and marks <html> the same way. Written into the game
 * screens' pages by the build (scripts/prerender.ts); the server allows it by its hash, as the
 * popup bars' script.
 */
export const GAME_HINTS_SEEN_ATTRIBUTE = 'data-game-hints-seen';
/** On the first paint's hints (GameHints in the pre-render): the ones this script answers for. */
export const GAME_HINTS_FIRST_PAINT_ATTRIBUTE = 'data-first-paint-hints';

interface FirstHintsSettings {
  seenKey: string;
  attribute: string;
  firstPaintAttribute: string;
}

/** The head script, sent as its source: it may use nothing but its settings and the browser's own objects. */
export function firstHintsScript(settings: FirstHintsSettings): void {
  const root = document.documentElement;
  try {
    if (window.localStorage.getItem(settings.seenKey) === '1') root.setAttribute(settings.attribute, '');
  } catch {
    // Storage blocked: GameHints cannot read it either, and shows the hints.
  }
  // "Got it" in the first paint, until the app's hints take its place (they answer for themselves).
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const hints = target?.closest(`[${settings.firstPaintAttribute}]`);
    if (!hints || !target?.closest('button')) return;
    const hadFocus = hints.contains(document.activeElement);
    try {
      window.localStorage.setItem(settings.seenKey, '1');
    } catch {
      // Storage blocked: the hints go for this visit only, as GameHints has it.
    }
    root.setAttribute(settings.attribute, '');
    // The button goes from view: the focus to the page's main landmark, not to <body> (as the popup bars' script).
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  });
}

/** The head script as the pre-render writes it into a game screen's page. */
export function firstHintsScriptText(): string {
  const settings: FirstHintsSettings = {
    seenKey: STORAGE_KEYS.gameHintsSeen,
    attribute: GAME_HINTS_SEEN_ATTRIBUTE,
    firstPaintAttribute: GAME_HINTS_FIRST_PAINT_ATTRIBUTE,
  };
  return `(${firstHintsScript.toString()})(${JSON.stringify(settings)});`;
}
