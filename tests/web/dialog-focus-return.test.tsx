import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EntrySheet } from '../../src/screens/play/EntrySheet.tsx';
import { ConfirmDialog } from '../../src/ui/ConfirmDialog.tsx';
import { MessageDialog } from '../../src/ui/Dialog.tsx';
import { renderWithApp } from '../support/render.tsx';

type Kind = 'message' | 'confirm' | 'sheet';

/** A page with a main landmark and a button that opens one of the shared dialogs (none has a Radix trigger). */
function Page({ kind, removeOpenerOnClose = false }: { kind: Kind; removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const close = () => {
    setOpen(false);
    if (removeOpenerOnClose) setOpenerShown(false);
  };
  let dialog: ReactNode;
  if (kind === 'message')
    dialog = (
      <MessageDialog open={open} title="Login Failed" actionLabel="OK" onClose={close} tone="error">
        Wrong code.
      </MessageDialog>
    );
  else if (kind === 'confirm')
    dialog = (
      <ConfirmDialog
        open={open}
        title="Delete account?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={close}
        onCancel={close}
      >
        This cannot be undone.
      </ConfirmDialog>
    );
  else
    dialog = (
      <EntrySheet open={open} title="Your entry" onClose={close}>
        <button type="button" onClick={close}>
          Done
        </button>
      </EntrySheet>
    );
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">Before</button>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      {dialog}
    </main>
  );
}

async function openWithKeyboard(kind: Kind, removeOpenerOnClose = false) {
  const user = userEvent.setup();
  await renderWithApp(<Page kind={kind} removeOpenerOnClose={removeOpenerOnClose} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  await screen.findByRole('dialog');
  await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
  return { user, opener };
}

describe('the shared dialogs give the focus back when they close', () => {
  it.each<[Kind, string]>([
    ['message', 'OK'],
    ['confirm', 'Cancel'],
    ['confirm', 'Delete'],
    ['sheet', 'Done'],
    ['sheet', 'Close'],
  ])('%s dialog: its %s button returns the focus to the button that opened it', async (kind, action) => {
    const { user, opener } = await openWithKeyboard(kind);
    await user.click(screen.getByRole('button', { name: action }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it.each<Kind>(['message', 'confirm', 'sheet'])('%s dialog: Escape returns the focus to its opener', async (kind) => {
    const { user, opener } = await openWithKeyboard(kind);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('falls back to the main landmark when the opener is gone', async () => {
    const { user } = await openWithKeyboard('message', true);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
