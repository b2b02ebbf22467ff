import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAYMENT_FILTERS, type AdminPayment } from '../../../../domain/admin-payments.ts';
import { stateLabel } from '../../../../domain/india-states.ts';
import { formatInr } from '../../../../domain/money.ts';
import { adminDocumentUrl, fetchAdminPaymentCounts, fetchAdminPaymentsPage } from '../../../api/admin-payments.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { InputField, SelectField } from '../ui/ConsoleFields.tsx';
import { FilterBar } from '../ui/FilterBar.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { PagedListView } from '../ui/PagedListView.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useLoad } from '../../../shared/use-load.ts';
import { usePagedList } from '../use-paged-list.ts';
import '../../../styles/admin-payments.css';

/** The chip's colour by the payment's status (the refund has its own chip). */
const STATUS_TONE: Record<AdminPayment['status'], string> = {
  success: 'active',
  pending: 'waiting',
  failed: 'inactive',
  cancelled: 'inactive',
  error: 'inactive',
};

function useMoney() {
  const { i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  return {
    lng,
    inr: (paise: number) => formatInr(paise, lng === 'hi' ? 'hi-IN' : 'en-IN'),
    at: (iso: string) => formatIstShort(new Date(iso), lng),
  };
}

/**
 * Admin > Payments and refunds: what came in and what went back (the counts), then every payment
 * newest first with its refund beside its status, and its tax invoice and credit note to download.
 */
export default function PaymentsAdminPage() {
  const { t } = useTranslation('admin');
  const list = usePagedList(fetchAdminPaymentsPage);
  const [show, setShow] = useState('');
  const [refNo, setRefNo] = useState('');
  return (
    <section className="console-page">
      <PageHeader title={t('payments.title')} intro={t('payments.intro')} />
      <PaymentCounts />
      <FilterBar
        label={t('payments.filters')}
        applyLabel={t('audit.apply')}
        onApply={() => list.filter({ show, refNo })}
      >
        <SelectField id="payments-show" label={t('payments.show')} value={show} onChange={setShow}>
          <option value="">{t('payments.all')}</option>
          {ADMIN_PAYMENT_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`payments.filter.${filter}`)}
            </option>
          ))}
        </SelectField>
        <InputField
          id="payments-ref"
          label={t('payments.refNo')}
          value={refNo}
          onChange={setRefNo}
          spellCheck={false}
          autoComplete="off"
        />
      </FilterBar>
      <PagedListView list={list} loadingLabel={t('payments.loading')} emptyText={t('payments.empty')}>
        {(items) => (
          <ul className="console-cards" aria-label={t('payments.title')}>
            {items.map((payment) => (
              <PaymentCard key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </PagedListView>
    </section>
  );
}

function PaymentCounts() {
  const { t } = useTranslation('admin');
  const { inr } = useMoney();
  const { state, retry } = useLoad(fetchAdminPaymentCounts, 'counts');
  if (state.status === 'failed')
    return <LoadFailed message={errorMessageOf(state.error, t('list.failed'))} onRetry={retry} />;
  if (state.status !== 'ready') return <Spinner label={t('payments.loading')} />;
  const counts = state.value;
  const figures = [
    ['successful', counts.successful],
    ['refunded', counts.refunded],
    ['refundDue', counts.refundDue],
  ] as const;
  return (
    <dl className="payment-counts" aria-label={t('payments.countsLabel')}>
      {figures.map(([key, figure]) => (
        <div key={key} className={`payment-counts__item payment-counts__item--${key}`}>
          <dt>{t(`payments.counts.${key}`)}</dt>
          <dd>
            <strong>{figure.count}</strong> <span>{inr(figure.amountPaise)}</span>
          </dd>
        </div>
      ))}
      <div className="payment-counts__item">
        <dt>{t('payments.counts.documents')}</dt>
        <dd>
          {t('payments.counts.invoices', { count: counts.invoices })},{' '}
          {t('payments.counts.creditNotes', { count: counts.creditNotes })}
        </dd>
      </div>
    </dl>
  );
}

function PaymentCard({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const { lng, inr, at } = useMoney();
  return (
    <li className="console-card payment-card">
      <p className="payment-card__head">
        <span className="console-card__title">{payment.refNo}</span>
        <strong className="payment-card__amount">{inr(payment.amountPaise)}</strong>
      </p>
      <p className="console-card__meta">
        {t('payments.meta', {
          player: payment.playerName,
          slot: payment.contest.slot,
          opens: at(payment.contest.opensAt),
          count: payment.ticketCount,
          time: at(payment.createdAt),
        })}
      </p>
      <p className="console-card__tags">
        <StatusChip tone={STATUS_TONE[payment.status]} label={t(`payments.status.${payment.status}`)} />{' '}
        {payment.refund && <StatusChip tone="refunded" label={t('payments.refunded')} />}
        {payment.refundDue && <StatusChip tone="pending" label={t('payments.refundDue')} />}
      </p>
      {payment.refund && (
        <p className="console-card__meta">
          {t('payments.refundLine', {
            amount: inr(payment.refund.amountPaise),
            time: at(payment.refund.refundedAt),
            id: payment.refund.refundId,
          })}
        </p>
      )}
      <p className="console-card__meta">
        {payment.placeOfSupply
          ? t('payments.placeOfSupply', { state: stateLabel(payment.placeOfSupply, lng) })
          : t('payments.placeOfSupplySeller')}
        {payment.txnId ? ` · ${t('payments.txnId', { id: payment.txnId })}` : ''}
      </p>
      {(payment.invoice || payment.creditNote) && (
        <p className="console-card__actions">
          {payment.invoice && (
            <a className="button button--small button--ghost" href={adminDocumentUrl(payment.id, 'invoice')} download>
              {t('payments.invoice', { number: payment.invoice.number })}
            </a>
          )}
          {payment.creditNote && (
            <a
              className="button button--small button--ghost"
              href={adminDocumentUrl(payment.id, 'credit-note')}
              download
            >
              {t('payments.creditNote', { number: payment.creditNote.number })}
            </a>
          )}
        </p>
      )}
    </li>
  );
}
