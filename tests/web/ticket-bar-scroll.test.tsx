import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketBar, type TicketBarProps, type TicketMark } from '../../src/ui/TicketBar.tsx';

// The moment after the next frame's paint, called by the test.
const paints = vi.hoisted(() => ({ callbacks: [] as (() => void)[] }));
vi.mock('../../src/shared/yield-to-browser.ts', () => ({
  afterNextPaint: (callback: () => void) => {
    paints.callbacks.push(callback);
    return () => paints.callbacks.splice(paints.callbacks.indexOf(callback), 1);
  },
}));
const paint = () => paints.callbacks.splice(0).forEach((callback) => callback());

const allowed = { ok: true } as TicketBarProps['addRule'];
const mark = (n: number): TicketMark => ({ id: `t${n}`, label: String(n), point: { x: n * 10, y: n * 10 } });

function bar(marks: TicketMark[], selectedId: string) {
  return (
    <TicketBar
      texts={Object.assign(
        {},
        ...['tickets', 'submitFailed', 'retry', 'back', 'dismiss', 'ready', 'tapToPlace', 'add', 'reset'].map(
          (key) => ({
            [key]: key,
          }),
        ),
        ...['resetTitle', 'resetText', 'resetConfirm', 'resetCancel', 'submit', 'submitting'].map((key) => ({
          [key]: key,
        })),
        {
          ticketState: (n: string) => `ticket ${n}`,
          ticketEmpty: (n: string) => `ticket ${n} empty`,
          remove: (n: string) => `remove ${n}`,
          reason: String,
          explain: String,
        },
      )}
      marks={marks}
      selectedId={selectedId}
      busy={false}
      disabled={false}
      rejection={null}
      submitFailed={false}
      addRule={allowed}
      removeRule={allowed}
      onSelect={vi.fn()}
      onRemove={vi.fn()}
      onAdd={vi.fn()}
      onSubmit={vi.fn()}
      onDismiss={vi.fn()}
      onRetrySubmit={vi.fn()}
      onCancelSubmit={vi.fn()}
    />
  );
}

describe("the ticket bar keeps the selected chip in sight (TicketBar's chips)", () => {
  const scrolled = vi.fn();
  const jsdomHasNone = Element.prototype.scrollIntoView;
  beforeEach(() => {
    paints.callbacks = [];
    scrolled.mockReset();
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.textContent);
    };
  });
  afterEach(() => {
    cleanup();
    Element.prototype.scrollIntoView = jsdomHasNone;
  });

  it("shows the selected chip after the bar's first frame has painted, not in the middle of the game's first render (issue 29)", () => {
    render(bar([mark(1), mark(2), mark(3)], 't3'));
    expect(scrolled).not.toHaveBeenCalled();
    paint();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.calls[0]?.[0]).toContain('3');
  });

  it('shows a newly selected or added chip at once', () => {
    const { rerender } = render(bar([mark(1), mark(2)], 't1'));
    paint();
    scrolled.mockReset();
    rerender(bar([mark(1), mark(2), mark(3)], 't3'));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.calls[0]?.[0]).toContain('3');
    rerender(bar([mark(1), mark(2), mark(3)], 't2'));
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(paints.callbacks).toHaveLength(0);
  });
});
