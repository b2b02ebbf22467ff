import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { JUDGES_REQUIRED_MAX, JUDGES_REQUIRED_MIN, judgesRequiredBodySchema } from '../../../../domain/judge-panel.ts';
import { callErrorOf, saveJudgesRequired } from '../../../api/admin-judging.ts';
import { TextField } from '../../../ui/Field.tsx';
import { SubmitButton } from '../../../ui/form/SubmitButton.tsx';

/** How many judges must mark before a contest's point is fixed. */
export function JudgesRequiredForm({ current, onSaved }: { current: number; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<{ judgesRequired: number }>({
    resolver: zodResolver(judgesRequiredBodySchema),
    defaultValues: { judgesRequired: current },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit(async ({ judgesRequired }) => {
    setSaved(null);
    setFailed(null);
    try {
      const value = await saveJudgesRequired(judgesRequired);
      reset({ judgesRequired: value });
      setSaved(t('judging.required.saved', { count: value }));
      onSaved();
    } catch (error) {
      setFailed(callErrorOf(error, t('judging.required.failed')).message);
    }
  });
  return (
    <form className="console-filters judging-required" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('judging.required.label')}
        required
        hint={t('judging.required.hint', { min: JUDGES_REQUIRED_MIN, max: JUDGES_REQUIRED_MAX })}
        type="number"
        inputMode="numeric"
        min={JUDGES_REQUIRED_MIN}
        max={JUDGES_REQUIRED_MAX}
        step={1}
        error={
          errors.judgesRequired
            ? t('judging.required.invalid', { min: JUDGES_REQUIRED_MIN, max: JUDGES_REQUIRED_MAX })
            : undefined
        }
        {...register('judgesRequired', { valueAsNumber: true })}
      />
      <SubmitButton
        busy={isSubmitting}
        disabled={isSubmitting || !isDirty}
        label={t('judging.required.save')}
        busyLabel={t('judging.required.saving')}
      />
      {saved && (
        <p role="status" className="judging-required__note">
          {saved}
        </p>
      )}
      {failed && (
        <p role="alert" className="judging-required__note console-list__error">
          {failed}
        </p>
      )}
    </form>
  );
}
