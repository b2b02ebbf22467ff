import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useShownState } from '../../src/screens/game/GameBoard.tsx';

const showsBoard = (state: string) => state === 'playing' || state === 'submitting' || state === 'revealed';

/** Renders what a game screen would choose its parts by, render by render. */
function Screen({ state, log }: { state: string; log: string[] }) {
  log.push(useShownState(state, showsBoard));
  return null;
}

/** The states the screen was shown in, render by render, after the machine went from `first` to `next`. */
function renders(first: string, next: string): string[] {
  const log: string[] = [];
  const view = render(<Screen state={first} log={log} />);
  log.length = 0;
  act(() => view.rerender(<Screen state={next} log={log} />));
  return log;
}

afterEach(cleanup);

describe("a game screen's parts (useShownState)", () => {
  it('mounts the board a render after the machine reaches it: the preview stays in the update itself', () => {
    expect(renders('loading', 'playing')).toEqual(['loading', 'playing']);
  });

  it('shows every other change at once: every render after it shows the new state', () => {
    const atOnce = (first: string, next: string) => {
      const log = renders(first, next);
      expect(log.length).toBeGreaterThan(0);
      expect(new Set(log)).toEqual(new Set([next]));
    };
    // The board stays up, whatever it does now.
    atOnce('playing', 'submitting');
    atOnce('submitting', 'revealed');
    // The board goes (the next game's loading, an error): at once, not a render late.
    atOnce('revealed', 'loading');
    atOnce('loading', 'loadError');
  });

  it('shows the board at once on the first render, with nothing before it to keep', () => {
    const log: string[] = [];
    render(<Screen state="playing" log={log} />);
    expect(log).toEqual(['playing']);
  });
});
