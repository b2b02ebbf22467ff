import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from './use-return-focus.ts';

interface MessageDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Called by the action button, by Escape and by a click outside. */
  onClose: () => void;
  actionLabel: string;
  onAction?: () => void;
  tone?: 'info' | 'error';
}

/**
 * A dialog with one message and one action, on Radix's primitive (focus trap, Escape,
 * aria-labelledby and aria-describedby come from there); on close the focus returns to where it was.
 */
export function MessageDialog({
  open,
  title,
  children,
  onClose,
  actionLabel,
  onAction,
  tone = 'info',
}: MessageDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={`dialog dialog--${tone}`} onCloseAutoFocus={returnFocus}>
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="dialog__body">{children}</div>
          </RadixDialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={onAction ?? onClose}>
              {actionLabel}
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
