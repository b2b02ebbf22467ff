import type { Promo } from '../../../domain/money.ts';
import type { PromoCodesTable } from '../../db/schema.ts';

/** The bill's view of a stored promo code. */
export function promoFromRow(
  row: Pick<PromoCodesTable, 'kind' | 'basis_points' | 'amount_paise' | 'cap_paise'>,
): Promo {
  if (row.kind === 'flat') return { kind: 'flat', amountPaise: Number(row.amount_paise) };
  return {
    kind: 'percent',
    basisPoints: Number(row.basis_points),
    ...(row.cap_paise === null ? {} : { capPaise: Number(row.cap_paise) }),
  };
}
