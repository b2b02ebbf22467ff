import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type AdminPromo, PROMO_ADMIN_MESSAGES } from '../../../../domain/admin-promos.ts';
import { paths } from '../../../shared/paths.ts';
import { ruleKeyOf } from '../ui/server-errors.ts';
import { StatusChip } from '../ui/StatusChip.tsx';

export const base = `${paths.admin}/promos`;

/**
 * The rule's words in the reader's language (the messages come from domain/ or the server; a
 * server refusal with a count, PROMO_BELOW_USES, arrives translated by its code already).
 */
export function usePromoError() {
  const { t } = useTranslation('admin');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = ruleKeyOf(PROMO_ADMIN_MESSAGES, message);
    // belowUses is a template with a count: it never equals a message as such.
    return key && key !== 'belowUses' ? t(`ops.promos.errors.${key}`) : message;
  };
}

export function useDiscount() {
  const { t } = useTranslation('admin');
  return (p: AdminPromo) =>
    p.kind === 'percent'
      ? p.capPaise === null
        ? t('ops.promos.percentOff', { value: p.basisPoints / 100 })
        : t('ops.promos.percentOffCapped', { value: p.basisPoints / 100, cap: p.capPaise / 100 })
      : t('ops.promos.flatOff', { value: p.amountPaise / 100 });
}

export function PromoStatus({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <StatusChip tone={active ? 'active' : 'inactive'} label={t(active ? 'ops.promos.active' : 'ops.promos.inactive')} />
  );
}

export function BackToList() {
  const { t } = useTranslation('admin');
  return (
    <Link to={base} className="console-back">
      {t('ops.promos.back')}
    </Link>
  );
}
