import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrossIcon } from '../../ui/CrossIcon.tsx';
import { useReturnFocus } from '../../ui/use-return-focus.ts';
import '../../styles/entry.css';

interface EntrySheetProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * The spec's /popupCheckout over the play screen (issue 25): a bottom sheet on a phone, a dialog on
 * a laptop, on Radix's primitive (focus kept inside, Escape and the close button close it).
 */
export function EntrySheet({ open, title, onClose, children }: EntrySheetProps) {
  const { t } = useTranslation('payments');
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay entry-sheet__overlay" />
        <RadixDialog.Content
          className="entry-sheet"
          aria-describedby={undefined}
          tabIndex={-1}
          // The sheet itself takes the focus (its title is read first), not the close button.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={returnFocus}
        >
          <div className="entry-sheet__head">
            <RadixDialog.Title className="entry-sheet__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="entry-sheet__close" aria-label={t('entry.close')}>
              <CrossIcon />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
