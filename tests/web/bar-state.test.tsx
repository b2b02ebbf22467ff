import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftTicket, RuleResult } from '../../domain/tickets.ts';
import { type BarState, useBarState } from '../../src/screens/game/GameBoard.tsx';

const OK: RuleResult = { ok: true };

interface Shown {
  state: string;
  draft: readonly DraftTicket[];
  selectedId: string | null;
}

/** Renders what the ticket bar would be handed, render by render: the list of drafts it saw. */
function Bar({ shown, log }: { shown: Shown; log: BarState<readonly DraftTicket[]>[] }) {
  log.push(useBarState(shown.state, shown.draft, shown.selectedId, null, OK, OK));
  return null;
}

function renders(first: Shown, next: Shown) {
  const log: BarState<readonly DraftTicket[]>[] = [];
  const view = render(<Bar shown={first} log={log} />);
  log.length = 0;
  act(() => view.rerender(<Bar shown={next} log={log} />));
  return log.map((bar) => bar.marks.map((ticket) => ticket.point));
}

const one: DraftTicket = { id: 't1', point: { x: 10, y: 20 } };

afterEach(cleanup);

describe('the ticket bar after a tap (useBarState)', () => {
  it('sees a placed ticket a render after the picture: first the draft as it was, then the new one', () => {
    const two: DraftTicket = { id: 't2', point: { x: 30, y: 40 } };
    expect(
      renders(
        { state: 'ready', draft: [one], selectedId: 't1' },
        { state: 'ready', draft: [one, two], selectedId: 't2' },
      ),
    ).toEqual([
      [{ x: 10, y: 20 }],
      [
        { x: 10, y: 20 },
        { x: 30, y: 40 },
      ],
    ]);
    // The waiting ticket's first mark is a placed ticket too.
    expect(
      renders(
        { state: 'playing', draft: [{ id: 't1', point: null }], selectedId: 't1' },
        { state: 'playing', draft: [one], selectedId: 't1' },
      ),
    ).toEqual([[null], [{ x: 10, y: 20 }]]);
  });

  it('sees a move, a selection, a removal, a new state at once: every render shows the new draft', () => {
    const two: DraftTicket = { id: 't2', point: { x: 30, y: 40 } };
    const moved: DraftTicket = { id: 't1', point: { x: 11, y: 21 } };
    const before: Shown = { state: 'ready', draft: [one, two], selectedId: 't2' };
    const changes: Shown[] = [
      { state: 'ready', draft: [moved, two], selectedId: 't2' },
      { state: 'ready', draft: [one, two], selectedId: 't1' },
      { state: 'ready', draft: [one], selectedId: 't1' },
      { state: 'submitting', draft: [one, two], selectedId: 't2' },
    ];
    for (const next of changes) {
      const seen = renders(before, next);
      expect(seen.length).toBeGreaterThan(0);
      for (const draft of seen) expect(draft).toEqual(next.draft.map((ticket) => ticket.point));
    }
    // A game's first ticket, marked as the machine leaves loading: at once too.
    const loaded = renders(
      { state: 'loading', draft: [], selectedId: null },
      { state: 'ready', draft: [one], selectedId: 't1' },
    );
    for (const draft of loaded) expect(draft).toEqual([{ x: 10, y: 20 }]);
  });
});
