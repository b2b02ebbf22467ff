import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field.tsx';
import { usePromoError } from './promo-shared.tsx';

export const LIMIT_FIELDS = ['capRupees', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerUser'] as const;

type LimitField = (typeof LIMIT_FIELDS)[number];

export function LimitFields({
  register,
  errors,
  kind,
}: {
  register: (name: LimitField) => UseFormRegisterReturn;
  errors: Partial<Record<LimitField, { message?: string | undefined }>>;
  kind: string;
}) {
  const { t } = useTranslation('admin');
  const err = usePromoError();
  return (
    <>
      {kind === 'percent' && (
        <TextField
          label={t('ops.promos.cap')}
          hint={t('ops.promos.capHint')}
          inputMode="decimal"
          error={err(errors.capRupees?.message)}
          {...register('capRupees')}
        />
      )}
      <div className="console-form__row">
        <TextField
          label={t('ops.promos.validFrom')}
          type="datetime-local"
          required
          error={err(errors.validFrom?.message)}
          {...register('validFrom')}
        />
        <TextField
          label={t('ops.promos.validUntil')}
          type="datetime-local"
          required
          error={err(errors.validUntil?.message)}
          {...register('validUntil')}
        />
      </div>
      <div className="console-form__row">
        <TextField
          label={t('ops.promos.maxUses')}
          hint={t('ops.promos.noLimitHint')}
          inputMode="numeric"
          error={err(errors.maxUses?.message)}
          {...register('maxUses')}
        />
        <TextField
          label={t('ops.promos.maxUsesPerUser')}
          hint={t('ops.promos.noLimitHint')}
          inputMode="numeric"
          error={err(errors.maxUsesPerUser?.message)}
          {...register('maxUsesPerUser')}
        />
      </div>
    </>
  );
}
