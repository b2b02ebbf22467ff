import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { ActionError } from './Notices.tsx';

/** The console's 'are you sure' for one action: the consequence, and why it failed if it did. */
export function ConfirmAction({
  open,
  title,
  confirmLabel,
  text,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  text: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('ops.cancel')}
      busy={busy}
      busyLabel={t('ops.working')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{text}</p>
      <ActionError text={error} />
    </ConfirmDialog>
  );
}
