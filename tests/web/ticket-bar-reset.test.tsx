import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketBar, type TicketBarProps, type TicketMark } from '../../src/ui/TicketBar.tsx';

// The code of the reset's question, counted as it is asked for (issue 29: it loads once there is
// a mark to reset, after that mark's paint, in an idle moment).
const dialogCode = vi.hoisted(() => ({ asked: 0 }));
vi.mock('../../src/ui/ConfirmDialog.tsx', async (original) => {
  dialogCode.asked += 1;
  return original();
});

const allowed = { ok: true } as TicketBarProps['addRule'];
const texts = {
  ...Object.fromEntries(
    ['tickets', 'submitFailed', 'retry', 'back', 'dismiss', 'ready', 'tapToPlace', 'add', 'submit', 'submitting'].map(
      (key) => [key, key],
    ),
  ),
  reset: 'Reset',
  resetTitle: 'Clear all marks?',
  resetText: 'This removes every mark you have made on this picture.',
  resetConfirm: 'Clear marks',
  resetCancel: 'Keep marking',
  ticketState: (n: string) => `ticket ${n}`,
  ticketEmpty: (n: string) => `ticket ${n} empty`,
  remove: (n: string) => `remove ${n}`,
  reason: String,
  explain: String,
} as unknown as TicketBarProps['texts'];

function bar(marks: TicketMark[], onReset: () => void) {
  return (
    <TicketBar
      texts={texts}
      marks={marks}
      selectedId={marks[0]!.id}
      busy={false}
      disabled={false}
      rejection={null}
      submitFailed={false}
      addRule={allowed}
      removeRule={allowed}
      onSelect={vi.fn()}
      onRemove={vi.fn()}
      onAdd={vi.fn()}
      onReset={onReset}
      onSubmit={vi.fn()}
      onDismiss={vi.fn()}
      onRetrySubmit={vi.fn()}
      onCancelSubmit={vi.fn()}
    />
  );
}

afterEach(cleanup);

describe("the ticket bar's reset", () => {
  it('asks its question, gives the focus back to Reset when kept, and resets when confirmed', async () => {
    const onReset = vi.fn();
    const empty: TicketMark = { id: 't1', label: '1', point: null };
    const { rerender } = render(bar([empty], onReset));
    // Nothing to reset yet: its question's code is not asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(dialogCode.asked).toBe(0);
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();

    rerender(bar([{ ...empty, point: { x: 10, y: 20 } }], onReset));
    // After the mark's paint, in an idle moment (jsdom has neither: the fallbacks' timers).
    await waitFor(() => expect(dialogCode.asked).toBe(1));

    const reset = screen.getByRole('button', { name: 'Reset' });
    reset.focus();
    fireEvent.click(reset);
    const dialog = await screen.findByRole('dialog', { name: 'Clear all marks?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep marking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(reset);
    expect(onReset).not.toHaveBeenCalled();

    fireEvent.click(reset);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear marks' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(dialogCode.asked).toBe(1);
  });
});
