import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminPress,
  epochToIstDate,
  PRESS_ADMIN_MESSAGES,
  type PressInput,
  pressInputSchema,
} from '../../../../domain/admin-press.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { TextAreaField, TextField } from '../../../ui/Field.tsx';
import { RequiredNote } from '../ui/ConsoleFields.tsx';
import { SubmitButton } from '../../../ui/form/SubmitButton.tsx';
import { ActionError } from '../ui/Notices.tsx';
import { placeServerErrors, ruleKeyOf } from '../ui/server-errors.ts';

const FIELDS = [
  'outlet',
  'slug',
  'titleEn',
  'titleHi',
  'summaryEn',
  'summaryHi',
  'bodyEn',
  'bodyHi',
  'sourceUrl',
  'publishedOn',
] as const;

function usePressError() {
  const { t } = useTranslation('admin');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = ruleKeyOf(PRESS_ADMIN_MESSAGES, message);
    return key ? t(`ops.press.errors.${key}`) : message;
  };
}

export const emptyArticle: PressInput = {
  outlet: '',
  slug: '',
  titleEn: '',
  titleHi: '',
  summaryEn: '',
  summaryHi: '',
  bodyEn: '',
  bodyHi: '',
  sourceUrl: '',
  publishedOn: '',
};

export function valuesOf(a: AdminPress): PressInput {
  return {
    outlet: a.outlet,
    slug: a.slug,
    titleEn: a.titleEn,
    titleHi: a.titleHi,
    summaryEn: a.summaryEn,
    summaryHi: a.summaryHi,
    bodyEn: a.bodyEn,
    bodyHi: a.bodyHi,
    sourceUrl: a.sourceUrl ?? '',
    publishedOn: epochToIstDate(a.publishedAt),
  };
}

export function ArticleForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: PressInput;
  submitLabel: string;
  onSubmit: (values: PressInput) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const err = usePressError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PressInput>({ resolver: zodResolver(pressInputSchema), defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
      reset(values);
    } catch (error) {
      if (!placeServerErrors(error, setError, FIELDS)) setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  return (
    <form className="console-panel console-form" onSubmit={submit} noValidate aria-label={t('ops.press.formLabel')}>
      <RequiredNote />
      <div className="console-form__row">
        <TextField label={t('ops.press.outlet')} required error={err(errors.outlet?.message)} {...register('outlet')} />
        <TextField
          label={t('ops.press.publishedOn')}
          type="date"
          required
          error={err(errors.publishedOn?.message)}
          {...register('publishedOn')}
        />
      </div>
      <TextField
        label={t('ops.press.sourceUrl')}
        hint={t('ops.press.sourceUrlHint')}
        type="url"
        inputMode="url"
        error={err(errors.sourceUrl?.message)}
        {...register('sourceUrl')}
      />
      <TextField
        label={t('ops.press.slug')}
        hint={t('ops.press.slugHint')}
        spellCheck={false}
        autoComplete="off"
        error={err(errors.slug?.message)}
        {...register('slug')}
      />
      <fieldset className="console-fieldset">
        <legend>{t('ops.press.english')}</legend>
        <TextField
          label={t('ops.press.titleEn')}
          required
          error={err(errors.titleEn?.message)}
          {...register('titleEn')}
        />
        <TextAreaField
          label={t('ops.press.summaryEn')}
          required
          rows={2}
          error={err(errors.summaryEn?.message)}
          {...register('summaryEn')}
        />
        <TextAreaField
          label={t('ops.press.bodyEn')}
          required
          hint={t('ops.press.bodyHint')}
          rows={8}
          error={err(errors.bodyEn?.message)}
          {...register('bodyEn')}
        />
      </fieldset>
      <fieldset className="console-fieldset" lang="hi">
        <legend>{t('ops.press.hindi')}</legend>
        <p className="muted">{t('ops.press.hindiHint')}</p>
        <TextField label={t('ops.press.titleHi')} error={err(errors.titleHi?.message)} {...register('titleHi')} />
        <TextAreaField
          label={t('ops.press.summaryHi')}
          rows={2}
          error={err(errors.summaryHi?.message)}
          {...register('summaryHi')}
        />
        <TextAreaField
          label={t('ops.press.bodyHi')}
          rows={8}
          error={err(errors.bodyHi?.message)}
          {...register('bodyHi')}
        />
      </fieldset>
      <ActionError text={failure} />
      <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={t('ops.working')} />
    </form>
  );
}
