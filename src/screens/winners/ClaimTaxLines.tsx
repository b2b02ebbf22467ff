import { useTranslation } from 'react-i18next';
import type { TaxBreakdown } from '../../../domain/results.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { formatRupees } from '../../ui/format.ts';

/** The tax on the winner's prize: withheld from a cash prize, or a prize in kind's TDS and who pays it. */
export function TaxLines({ tax }: { tax: TaxBreakdown }) {
  const { t, i18n } = useTranslation('results');
  const locale = currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
  if (tax.tdsPayer) return <InKindTaxLines tax={tax} locale={locale} />;
  if (tax.tdsPaise === 0) {
    return (
      <p className="muted">
        {tax.thresholdPaise > 0 ? t('claim.tax.none', { threshold: formatRupees(tax.thresholdPaise, locale) }) : null}
      </p>
    );
  }
  return (
    <dl className="tax-lines">
      <div>
        <dt>{t('claim.tax.gross')}</dt>
        <dd>{formatRupees(tax.grossPaise, locale)}</dd>
      </div>
      <div>
        <dt>{t('claim.tax.tds', { rate: tax.ratePercent })}</dt>
        <dd>−{formatRupees(tax.tdsPaise, locale)}</dd>
      </div>
      <div className="tax-lines__net">
        <dt>{t('claim.tax.net')}</dt>
        <dd>{formatRupees(tax.netPaise, locale)}</dd>
      </div>
    </dl>
  );
}

/**
 * Issue 26: a prize in kind arrives whole; its TDS (section 194B, on the market value) is either
 * paid by the winner before dispatch or borne by the company, as the contest says.
 */
function InKindTaxLines({ tax, locale }: { tax: TaxBreakdown; locale: string }) {
  const { t } = useTranslation('results');
  const rupees = (paise: number) => formatRupees(paise, locale);
  return (
    <>
      <dl className="tax-lines">
        <div>
          <dt>{t('claim.inKind.value')}</dt>
          <dd>{rupees(tax.grossPaise)}</dd>
        </div>
        {tax.tdsPaise > 0 && (
          <div className="tax-lines__net">
            <dt>
              {tax.tdsPayer === 'winner'
                ? t('claim.inKind.tdsYouPay', { rate: tax.ratePercent })
                : t('claim.inKind.tdsWePay', { rate: tax.ratePercent })}
            </dt>
            <dd>{rupees(tax.tdsPaise)}</dd>
          </div>
        )}
      </dl>
      <p className="muted">
        {tax.tdsPaise === 0
          ? t('claim.inKind.noTds', { threshold: rupees(tax.thresholdPaise) })
          : tax.tdsPayer === 'winner'
            ? t('claim.inKind.winnerPays', { amount: rupees(tax.tdsPaise) })
            : t('claim.inKind.companyPays', { amount: rupees(tax.tdsPaise) })}
      </p>
    </>
  );
}
