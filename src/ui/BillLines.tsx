import { useTranslation } from 'react-i18next';
import { BILL_LINE_FIELDS, BILL_LINE_LABELS, type Bill } from '../../domain/money.ts';

/**
 * The spec's bill lines (section 3) in order, from the server's bill. 'Promo Applied' appears
 * once a promo takes something off: a '₹0' discount line only says nothing was saved.
 */
export function BillLines({ bill, inr }: { bill: Bill; inr(paise: number): string }) {
  const { t } = useTranslation('contest');
  return (
    <dl className="bill">
      {BILL_LINE_LABELS.map((label, index) => {
        if (label === 'Promo Applied' && bill.promoApplied <= 0) return null;
        const fields = BILL_LINE_FIELDS[index] ?? [];
        const value =
          label === 'Promo Applied'
            ? `-${inr(bill.promoApplied)}`
            : fields.map((field) => inr(bill[field])).join(' + ');
        return (
          <div key={label} className={`bill__line${label === 'Grand Total' ? ' bill__line--total' : ''}`}>
            <dt>{t(`cart.lines.${label}`)}</dt>
            <dd>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
