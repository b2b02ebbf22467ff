import { STORAGE_KEYS } from '../shared/storage-keys.ts';

/**
 * The game hints in a game screen's first paint (the build's HTML, before the app renders in its
 * place): there as the app has them, so the picture under them does not move when the app takes
 * over. A first-time player sees them from the first paint; for a player who dismissed them once
 * (GameHints), this head script marks <html> before the page is drawn and the hints' style leaves
 * them out (styles/trial/layouts-hints.css). Written into the game screens' pages by the build
 * (scripts/prerender.ts); the server allows it by its hash, as the popup bars' script.
 */
export const GAME_HINTS_SEEN_ATTRIBUTE = 'data-game-hints-seen';

interface FirstHintsSettings {
  seenKey: string;
  attribute: string;
}

/** The head script, sent as its source: it may use nothing but its settings and the browser's own objects. */
export function firstHintsScript(settings: FirstHintsSettings): void {
  try {
    if (window.localStorage.getItem(settings.seenKey) === '1')
      document.documentElement.setAttribute(settings.attribute, '');
  } catch {
    // Storage blocked: GameHints cannot read it either, and shows the hints.
  }
}

/** The head script as the pre-render writes it into a game screen's page. */
export function firstHintsScriptText(): string {
  const settings: FirstHintsSettings = { seenKey: STORAGE_KEYS.gameHintsSeen, attribute: GAME_HINTS_SEEN_ATTRIBUTE };
  return `(${firstHintsScript.toString()})(${JSON.stringify(settings)});`;
}
