import { zodResolver } from '@hookform/resolvers/zod';
import * as RadixDialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type FieldError, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userReasonSchema, type UserReasonValues } from '../../../domain/admin-users.ts';
import { errorMessageOf } from '../../api/http.ts';
import { TextAreaField } from '../../ui/Field.tsx';
import { useReturnFocus } from '../../ui/use-return-focus.ts';

type ReasonDialogProps = Pick<ReasonDialogFrameProps, 'open' | 'title' | 'text' | 'confirmLabel' | 'danger'> & {
  /** Rejects with the server's refusal, shown in the dialog; what was typed stays. */
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
  /** The area's translation of a refusal it knows by its English text (shown as it came otherwise). */
  translate?: (text: string) => string | undefined;
};

/** A console action that needs a written reason (it goes to the audit log). */
export function ReasonDialog({ onConfirm, onCancel, translate, ...shown }: ReasonDialogProps) {
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
    <ReasonDialogFrame
      {...shown}
      reasonField={register('reason')}
      reasonError={errors.reason}
      failure={failure}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={close}
    />
  );
}

interface ReasonDialogFrameProps {
  open: boolean;
  title: string;
  text: string;
  /** The action's own fields, between its text and the reason. */
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  reasonField: UseFormRegisterReturn<'reason'>;
  reasonError: FieldError | undefined;
  /** The refusal to show, in the reader's language. */
  failure: string | null | undefined;
  isSubmitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Asked by Cancel, Escape and the overlay; the owner ignores it while submitting. */
  onClose: () => void;
}

/** The dialog of a console action with a written reason: for an action whose form has fields of its own too. */
export function ReasonDialogFrame({
  open,
  title,
  text,
  children,
  confirmLabel,
  danger = false,
  reasonField,
  reasonError,
  failure,
  isSubmitting,
  onSubmit,
  onClose,
}: ReasonDialogFrameProps) {
  const { t } = useTranslation('admin');
  // Back to the button that opened it when it closes (no Dialog.Trigger: it opens from state).
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="dialog dialog--confirm" onCloseAutoFocus={returnFocus}>
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <RadixDialog.Description asChild>
              <div className="dialog__body">
                <p>{text}</p>
                {children}
                <TextAreaField
                  label={t('ops.reason.label')}
                  required
                  hint={t('ops.reason.hint')}
                  rows={3}
                  error={
                    reasonError
                      ? t(reasonError.type === 'too_big' ? 'ops.reason.tooLong' : 'ops.reason.required')
                      : undefined
                  }
                  {...reasonField}
                />
                {failure && (
                  <p role="alert" className="console-list__error">
                    {failure}
                  </p>
                )}
              </div>
            </RadixDialog.Description>
            <div className="dialog__actions">
              <button type="button" className="button" onClick={onClose} disabled={isSubmitting}>
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
