import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../Dialog.tsx';

/** A form's refusal: the server's message (or the screen's fallback) under the screen's title. */
export function FailureDialog({
  failure,
  title,
  onClose,
}: {
  failure: string | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <MessageDialog open={failure !== null} tone="error" title={title} actionLabel={t('ok')} onClose={onClose}>
      <p>{failure}</p>
    </MessageDialog>
  );
}

/** A form's outcome, either way: the tone follows `ok`, the caller picks the title for it. */
export function OutcomeDialog({
  outcome,
  title,
  onClose,
}: {
  outcome: { ok: boolean; text: string } | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <MessageDialog
      open={outcome !== null}
      tone={outcome?.ok ? 'info' : 'error'}
      title={title}
      actionLabel={t('ok')}
      onClose={onClose}
    >
      <p>{outcome?.text}</p>
    </MessageDialog>
  );
}
