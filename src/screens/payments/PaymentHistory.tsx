import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentAnswer } from '../../../domain/payments.ts';
import { formatInr } from '../../../domain/money.ts';
import { IST_TIME_ZONE } from '../../../domain/schedule.ts';
import { fetchPayments } from '../../api/payments.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../styles/payments.css';

export function usePaymentsLocale(): string {
  const { i18n } = useTranslation('payments');
  return currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
}

type History = { status: 'loading' } | { status: 'error' } | { status: 'ready'; payments: PaymentAnswer[] };

/** The past payments of the logged-in player (spec section 3's columns), with invoice links; on /payments and in My Account. */
export function PaymentHistory() {
  const { t } = useTranslation('payments');
  const locale = usePaymentsLocale();
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchPayments().then(
      (payments) => live && setHistory({ status: 'ready', payments }),
      () => live && setHistory({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  // In IST, as the contest schedule is, whatever the device's time zone.
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: IST_TIME_ZONE });
  const columns = {
    time: t('payments.columns.time'),
    refNo: t('payments.columns.refNo'),
    txnId: t('payments.columns.txnId'),
    status: t('payments.columns.status'),
    amount: t('payments.columns.amount'),
    mobile: t('payments.columns.mobile'),
  };

  let body;
  if (history.status === 'loading') body = <Spinner label={t('payments.historyLoading')} />;
  else if (history.status === 'error')
    body = (
      <>
        <p role="alert">{t('payments.historyFailed')}</p>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => {
            setHistory({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('checkout.retry')}
        </button>
      </>
    );
  else if (history.payments.length === 0) body = <p>{t('payments.empty')}</p>;
  else
    body = (
      <table className="payments-table">
        <thead>
          <tr>
            <th scope="col">{columns.time}</th>
            <th scope="col">{columns.refNo}</th>
            <th scope="col">{columns.txnId}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.amount}</th>
            <th scope="col">{columns.mobile}</th>
          </tr>
        </thead>
        <tbody>
          {history.payments.map((payment) => (
            <tr key={payment.id}>
              <td data-label={columns.time}>
                <time dateTime={payment.createdAt}>{t('payments.at', { time: when.format(new Date(payment.createdAt)) })}</time>
              </td>
              <td data-label={columns.refNo}>{payment.refNo}</td>
              <td data-label={columns.txnId}>{payment.txnId ?? '—'}</td>
              <td data-label={columns.status} className="payments-status">
                {t(`payments.statuses.${payment.status}`)}
                {payment.status === 'success' && (
                  <>
                    {' '}
                    {/* A plain download link: the browser sends the session cookie; the server checks the owner. */}
                    <a href={`/api/v1/payments/${encodeURIComponent(payment.id)}/invoice`} download className="payments-invoice">
                      {t('payments.invoice')}
                    </a>
                  </>
                )}
              </td>
              <td data-label={columns.amount} className="num">
                {formatInr(payment.amountPaise, locale)}
              </td>
              <td data-label={columns.mobile}>{payment.phone}</td>
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
