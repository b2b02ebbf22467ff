import { memo, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../shared/storage-keys.ts';
import { focusMain } from './focus-main.ts';
import { GAME_HINTS_FIRST_PAINT_ATTRIBUTE } from './game-hints-first-paint.ts';
import { useFinePointer } from './use-fine-pointer.ts';

function seen(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.gameHintsSeen) === '1';
  } catch {
    return false;
  }
}

const ICONS = {
  // A finger's target.
  tap: 'M12 3v4M12 17v4M3 12h4M17 12h4M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  // A plus in a circle.
  zoom: 'M12 8v8M8 12h8M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18',
  // A magnifying glass.
  hold: 'M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12M14.5 14.5L20 20',
  // Four arrows.
  keys: 'M12 3v18M3 12h18M9 6l3-3l3 3M9 18l3 3l3-3M6 9l-3 3l3 3M18 9l3 3l-3 3',
} as const;

/** The hints for fingers, and for a mouse or trackpad (which has no pinch and no long press, but keys). */
const TOUCH_HINTS = [
  { key: 'tap', icon: ICONS.tap },
  { key: 'zoom', icon: ICONS.zoom },
  { key: 'hold', icon: ICONS.hold },
] as const;
const POINTER_HINTS = [
  { key: 'click', icon: ICONS.tap },
  { key: 'wheel', icon: ICONS.zoom },
  { key: 'keys', icon: ICONS.keys },
] as const;

type Hints = typeof TOUCH_HINTS | typeof POINTER_HINTS;

/** One pointer's hints; `only` marks a first paint's list that its style shows for that pointer alone. */
function HintList({ hints, only }: { hints: Hints; only?: 'touch' | 'fine' }) {
  const { t } = useTranslation();
  return (
    <ul className={only ? `game-hints__list game-hints__list--${only}` : 'game-hints__list'}>
      {hints.map(({ key, icon }) => (
        <li key={key} className="game-hints__item">
          <svg className="game-hints__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={icon} />
          </svg>
          {t(`gameHints.${key}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The game screens' first-time hints, in a player's words: where to tap, how to zoom, the
 * magnifier; with a mouse or trackpad, where to click, how to zoom and the arrow keys. Shown
 * until the player dismisses them once, in any game screen of this browser. It takes no props:
 * the screen's renders (a tap's mark) pass it by.
 *
 * In the build's first paint of a game screen (the pointer unknown there) it carries both lists,
 * and its style shows the one for the browser's pointer; its "Got it" is answered by the page's
 * head script until the app renders in its place (game-hints-first-paint.ts).
 */
export const GameHints = memo(function GameHints() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(seen);
  const fine = useFinePointer();
  if (hidden) return null;
  const dismiss = (event: MouseEvent<HTMLButtonElement>) => {
    const hadFocus = event.currentTarget.contains(document.activeElement);
    try {
      window.localStorage.setItem(STORAGE_KEYS.gameHintsSeen, '1');
    } catch {
      // Storage blocked: the hints go for this visit only.
    }
    setHidden(true);
    // The button goes from view: the focus to the page's main landmark, not to <body> (as the first paint's "Got it").
    if (hadFocus) focusMain();
  };
  return (
    <section
      className="game-hints"
      aria-labelledby="game-hints-title"
      {...(fine === null ? { [GAME_HINTS_FIRST_PAINT_ATTRIBUTE]: '' } : {})}
    >
      <h2 id="game-hints-title" className="visually-hidden">
        {t('gameHints.title')}
      </h2>
      {fine === null ? (
        <>
          <HintList hints={TOUCH_HINTS} only="touch" />
          <HintList hints={POINTER_HINTS} only="fine" />
        </>
      ) : (
        <HintList hints={fine ? POINTER_HINTS : TOUCH_HINTS} />
      )}
      <button type="button" className="button button--small button--accent game-hints__ok" onClick={dismiss}>
        {t('gameHints.ok')}
      </button>
    </section>
  );
});
