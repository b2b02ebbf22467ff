import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from './use-return-focus.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape and a click outside. */
  onCancel: () => void;
  busy?: boolean;
  busyLabel?: string;
}

/** A question with Cancel and a (destructive) confirm action, on Radix's dialog primitive. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  busyLabel,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="dialog dialog--error dialog--confirm" onCloseAutoFocus={returnFocus}>
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="dialog__body">{children}</div>
          </RadixDialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
