import { useTranslation } from 'react-i18next';
import type { PaymentAnswer, PaymentStatusName } from '../../../domain/payments.ts';
import { istDateTimeFormat } from '../../../domain/schedule.ts';
import { fetchPayments } from '../../api/payments.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { useLoad } from '../../shared/use-load.ts';
import { formatIstShort, formatRupees } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import '../../styles/payments.css';

export function usePaymentsLocale(): string {
  const { i18n } = useTranslation('payments');
  return currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
}

/**
 * Plain download links: the browser sends the session cookie; the server checks the owner. The
 * invoice of a successful payment, and beside it the credit note of its refund.
 */
export function TaxDocumentLinks({ payment }: { payment: PaymentAnswer }) {
  const { t } = useTranslation('payments');
  if (payment.status !== 'success') return <span className="payment-row__none">—</span>;
  const base = `/api/v1/payments/${encodeURIComponent(payment.id)}`;
  return (
    <span className="payments-documents">
      <a href={`${base}/invoice`} download className="payments-invoice">
        {t('payments.invoice')}
      </a>
      {payment.creditNote && (
        <a href={`${base}/credit-note`} download className="payments-invoice">
          {t('payments.creditNote')}
        </a>
      )}
    </span>
  );
}

/**
 * A refund beside the payment's status (which stays what it was): 'Refunded' with the amount and
 * the day, or 'Refund on its way' while the gateway has not made it yet.
 */
export function RefundNote({ payment }: { payment: PaymentAnswer }) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const locale = usePaymentsLocale();
  // Why the money went back, in the player's language.
  const why = payment.refundCode ? (
    <span className="payment-refund__why">{t(`payments.refundReasons.${payment.refundCode}`)}</span>
  ) : null;
  if (payment.refund) {
    const day = istDateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    return (
      <span className="payment-refund">
        <span className="status-chip status-chip--refund">{t('payments.refunded')}</span>
        <span className="payment-refund__detail">
          {t('payments.refundedOn', {
            amount: formatRupees(payment.refund.amountPaise, lng),
            date: day.format(new Date(payment.refund.refundedAt)),
          })}
        </span>
        {why}
      </span>
    );
  }
  if (payment.refundPending)
    return (
      <span className="payment-refund">
        <span className="status-chip status-chip--wait">{t('payments.refundPending')}</span>
        {why}
      </span>
    );
  return null;
}

/** The chip's colour: done, waiting, or no money taken. */
const STATUS_TONE: Record<PaymentStatusName, 'good' | 'wait' | 'bad'> = {
  success: 'good',
  pending: 'wait',
  failed: 'bad',
  cancelled: 'bad',
  error: 'bad',
};

/**
 * The past payments of the logged-in player (spec section 3's columns, with the contest and its
 * tickets), with invoice links; on /payments and in My Account. A table on a wide screen, one card
 * per payment on a phone (payments.css).
 */
export function PaymentHistory() {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const locale = usePaymentsLocale();
  const { state: history, retry } = useLoad(() => fetchPayments(), 'payments');
  // In IST, as the contest schedule is, whatever the device's time zone; 24-hour on a Hindi page.
  const when = istDateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const columns = {
    time: t('payments.columns.time'),
    refNo: t('payments.columns.refNo'),
    txnId: t('payments.columns.txnId'),
    status: t('payments.columns.status'),
    amount: t('payments.columns.amount'),
    mobile: t('payments.columns.mobile'),
    contest: t('payments.columns.contest'),
    invoice: t('payments.columns.invoice'),
  };

  let body;
  if (history.status === 'loading' || history.status === 'idle')
    body = <Spinner label={t('payments.historyLoading')} />;
  else if (history.status === 'failed')
    body = (
      <>
        <p role="alert">{t('payments.historyFailed')}</p>
        <button type="button" className="button button--primary button--small" onClick={retry}>
          {t('checkout.retry')}
        </button>
      </>
    );
  else if (history.value.length === 0) body = <EmptyState text={t('payments.empty')} line={t('payments.emptyLine')} />;
  else
    body = (
      <table className="payments-table">
        <thead>
          <tr>
            <th scope="col">{columns.time}</th>
            <th scope="col">{columns.contest}</th>
            <th scope="col">{columns.refNo}</th>
            <th scope="col">{columns.txnId}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col" className="num">
              {columns.amount}
            </th>
            <th scope="col">{columns.mobile}</th>
            <th scope="col">{columns.invoice}</th>
          </tr>
        </thead>
        <tbody>
          {history.value.map((payment) => (
            <tr key={payment.id} className="payment-row">
              <td data-label={columns.time} className="payment-row__time">
                <time dateTime={payment.createdAt}>
                  {t('payments.at', { time: when.format(new Date(payment.createdAt)) })}
                </time>
              </td>
              <td className="payment-row__contest">
                <strong>{t('payments.contest', { slot: payment.contest.slot })}</strong>
                <span className="payment-row__sub">{t('payments.tickets', { count: payment.ticketCount })}</span>
                <span className="payment-row__sub muted">
                  {t('payments.closes', { date: formatIstShort(new Date(payment.contest.closesAt), lng) })}
                </span>
              </td>
              <td data-label={columns.refNo} className="payment-row__id payment-row__ref">
                {payment.refNo}
              </td>
              <td data-label={columns.txnId} className="payment-row__id payment-row__txn">
                {payment.txnId ?? '—'}
              </td>
              <td className="payment-row__status">
                <span className={`status-chip status-chip--${STATUS_TONE[payment.status]}`}>
                  {t(`payments.statuses.${payment.status}`)}
                </span>
                <RefundNote payment={payment} />
              </td>
              <td className="num payment-row__amount">{formatRupees(payment.amountPaise, lng)}</td>
              <td data-label={columns.mobile} className="payment-row__mobile">
                {payment.phone}
              </td>
              <td className="payment-row__invoice">
                <TaxDocumentLinks payment={payment} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="card payments-history" aria-labelledby="payments-history">
      <h2 id="payments-history">{t('payments.history')}</h2>
      {body}
    </section>
  );
}
