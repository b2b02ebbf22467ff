import { zodResolver } from '@hookform/resolvers/zod';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userReasonSchema, type UserReasonValues } from '../../../domain/admin-users.ts';
import { errorMessageOf } from '../../api/http.ts';
import { TextAreaField } from '../../ui/Field.tsx';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Rejects with the server's refusal, shown in the dialog; what was typed stays. */
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
  danger?: boolean;
  /** The area's translation of a refusal it knows by its English text (shown as it came otherwise). */
  translate?: (text: string) => string | undefined;
}

/** A console action that needs a written reason (it goes to the audit log). */
export function ReasonDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = false,
  translate,
}: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UserReasonValues>({ resolver: zodResolver(userReasonSchema), defaultValues: { reason: '' } });

  const close = () => {
    if (isSubmitting) return;
    reset();
    setFailure(null);
    onCancel();
  };

  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onConfirm(reason);
      reset();
    } catch (error) {
      const message = errorMessageOf(error, t('ops.actionFailed'));
      setFailure(translate?.(message) ?? message);
    }
  });

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="dialog dialog--confirm">
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          <form onSubmit={submit} noValidate>
            <RadixDialog.Description asChild>
              <div className="dialog__body">
                <p>{text}</p>
                <TextAreaField
                  label={t('ops.reason.label')}
                  required
                  hint={t('ops.reason.hint')}
                  rows={3}
                  error={
                    errors.reason
                      ? t(errors.reason.type === 'too_big' ? 'ops.reason.tooLong' : 'ops.reason.required')
                      : undefined
                  }
                  {...register('reason')}
                />
                {failure && (
                  <p role="alert" className="console-list__error">
                    {failure}
                  </p>
                )}
              </div>
            </RadixDialog.Description>
            <div className="dialog__actions">
              <button type="button" className="button" onClick={close} disabled={isSubmitting}>
                {t('ops.cancel')}
              </button>
              <button
                type="submit"
                className={`button ${danger ? 'button--danger' : 'button--primary'}`}
                disabled={isSubmitting}
              >
                {isSubmitting ? t('ops.working') : confirmLabel}
              </button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
