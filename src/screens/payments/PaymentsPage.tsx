import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { BRAND } from '../../../domain/brand.ts';
import { formatInr } from '../../../domain/money.ts';
import type { PaymentAnswer } from '../../../domain/payments.ts';
import { paymentStatusMachine, type PaymentStatusReport } from '../../../machines/payment-status.machine.ts';
import { fetchPayment, fetchPayments } from '../../api/payments.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { paths } from '../../app/paths.ts';
import { useLoggedIn } from '../../app/use-logged-in.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../styles/payments.css';

function useLocale(): string {
  const { i18n } = useTranslation('payments');
  return currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
}

/** /payments: the status of the payment the gateway sent the user back with, and the past payments. */
export default function PaymentsPage() {
  const { t } = useTranslation('payments');
  const loggedIn = useLoggedIn();
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  const [historyKey, setHistoryKey] = useState(0);
  const title = t('payments.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);

  return (
    <div className="container payments">
      <h1 className="payments__title">{title}</h1>
      {loggedIn ? (
        <>
          {paymentId && <PaymentStatusPanel key={paymentId} paymentId={paymentId} onSettled={() => setHistoryKey((n) => n + 1)} />}
          <PaymentHistory key={historyKey} />
        </>
      ) : (
        <div className="card play-message">
          <p>{t('payments.loggedOut')}</p>
          <Link to={paths.login} className="button button--primary">
            {t('payments.login')}
          </Link>
        </div>
      )}
    </div>
  );
}

function PaymentStatusPanel({ paymentId, onSettled }: { paymentId: string; onSettled(): void }) {
  const { t } = useTranslation('payments');
  const [payment, setPayment] = useState<PaymentAnswer | null>(null);
  const [machine] = useState(() =>
    paymentStatusMachine.provide({
      actors: {
        fetchPaymentStatus: fromPromise<PaymentStatusReport, { orderId: string }>(async ({ input }) => {
          const answer = await fetchPayment(input.orderId);
          setPayment(answer);
          return { status: answer.status };
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { orderId: paymentId } });
  const final = snapshot.status === 'done';
  useEffect(() => {
    if (final) onSettled();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [final]);

  const refresh = (
    <button type="button" className="button button--primary button--small" onClick={() => send({ type: 'status.refresh' })} disabled={snapshot.matches('refreshing')}>
      {t('payments.refresh')}
    </button>
  );
  let kind: string;
  let body;
  if (snapshot.matches('success')) {
    kind = 'success';
    body = (
      <>
        <h2>{t('payments.success')}</h2>
        {payment?.tickets && payment.tickets.length > 0 && (
          <>
            <p>{t('payments.successNext')}</p>
            <ul>
              {payment.tickets.map((ticket, index) => (
                <li key={`${ticket.x}-${ticket.y}-${index}`}>{t('payments.ticket', { n: index + 1, x: ticket.x, y: ticket.y })}</li>
              ))}
            </ul>
          </>
        )}
        <p>
          <Link to={paths.playScreen} className="button button--accent">
            {t('payments.play')}
          </Link>
        </p>
      </>
    );
  } else if (snapshot.matches('failed') || snapshot.matches('cancelled')) {
    kind = snapshot.matches('failed') ? 'failed' : 'cancelled';
    body = (
      <>
        <h2>{t(kind === 'failed' ? 'payments.failed' : 'payments.cancelled')}</h2>
        <p>{t('payments.notCharged')}</p>
        <p>
          <Link to={paths.cart} className="button button--primary">
            {t('payments.cart')}
          </Link>
        </p>
      </>
    );
  } else if (snapshot.matches('error')) {
    kind = 'error';
    body = (
      <>
        <h2>{t('payments.error')}</h2>
        <p>{t('payments.errorNext')}</p>
      </>
    );
  } else if (snapshot.matches('timedOut') || snapshot.matches('refreshing')) {
    kind = 'pending';
    body = (
      <>
        <h2>{t('payments.statusTitle')}</h2>
        <p>{t('payments.timedOut')}</p>
        <p>{refresh}</p>
      </>
    );
  } else {
    kind = 'pending';
    body = (
      <>
        <h2>{t('payments.statusTitle')}</h2>
        <Spinner label={t('payments.pending')} />
        <p>{t('payments.pending')}</p>
        <p className="muted">{t('payments.pendingNext')}</p>
      </>
    );
  }
  return (
    <section className={`card payment-status payment-status--${kind}`} aria-live="polite" data-testid="payment-status">
      {body}
      {payment && <p className="muted">{t('payments.refNo', { refNo: payment.refNo })}</p>}
      {snapshot.context.lastFetchFailed && !final && <p className="muted">{t('payments.fetchFailed')}</p>}
    </section>
  );
}

type History = { status: 'loading' } | { status: 'error' } | { status: 'ready'; payments: PaymentAnswer[] };

function PaymentHistory() {
  const { t } = useTranslation('payments');
  const locale = useLocale();
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
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
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
                <time dateTime={payment.createdAt}>{when.format(new Date(payment.createdAt))}</time>
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
