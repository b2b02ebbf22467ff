import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type PromoCreate, type PromoCreateInput, promoCreateSchema } from '../../../../domain/admin-promos.ts';
import { createPromo } from '../../../api/admin-promos.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { TextField } from '../../../ui/Field.tsx';
import { RequiredNote } from '../ui/ConsoleFields.tsx';
import { SubmitButton } from '../../../ui/form/SubmitButton.tsx';
import { ActionError } from '../ui/Notices.tsx';
import { placeServerErrors } from '../ui/server-errors.ts';
import { LIMIT_FIELDS, LimitFields } from './LimitFields.tsx';
import { BackToList, base, usePromoError } from './promo-shared.tsx';

export function NewPromo() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const err = usePromoError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PromoCreateInput, unknown, PromoCreate>({
    resolver: zodResolver(promoCreateSchema),
    defaultValues: {
      code: '',
      kind: 'percent',
      value: '',
      capRupees: '',
      validFrom: '',
      validUntil: '',
      maxUses: '',
      maxUsesPerUser: '1',
    },
  });
  const kind = useWatch({ control, name: 'kind' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const promo = await createPromo(values);
      await navigate(`${base}/${encodeURIComponent(promo.code)}`, { state: { created: true } });
    } catch (error) {
      if (!placeServerErrors(error, setError, ['code', 'kind', 'value', ...LIMIT_FIELDS]))
        setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>{t('ops.promos.newTitle')}</h1>
        <p className="muted">{t('ops.promos.istNote')}</p>
      </header>
      <form className="console-panel console-form" onSubmit={submit} noValidate>
        <RequiredNote />
        <TextField
          label={t('ops.promos.code')}
          required
          hint={t('ops.promos.codeHint')}
          autoComplete="off"
          spellCheck={false}
          error={err(errors.code?.message)}
          {...register('code')}
        />
        <div className="console-form__row">
          <div className="field">
            <label className="field__label" htmlFor="promo-kind">
              {t('ops.promos.kind')}
            </label>
            <select id="promo-kind" className="field__input" {...register('kind')}>
              <option value="percent">{t('ops.promos.kindPercent')}</option>
              <option value="flat">{t('ops.promos.kindFlat')}</option>
            </select>
          </div>
          <TextField
            label={kind === 'flat' ? t('ops.promos.valueFlat') : t('ops.promos.valuePercent')}
            required
            inputMode="decimal"
            error={err(errors.value?.message)}
            {...register('value')}
          />
        </div>
        <LimitFields register={register} errors={errors} kind={kind} />
        <ActionError text={failure} />
        <SubmitButton busy={isSubmitting} label={t('ops.promos.create')} busyLabel={t('ops.working')} />
      </form>
    </section>
  );
}
