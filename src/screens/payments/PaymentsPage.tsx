import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { PaymentAnswer } from '../../../domain/payments.ts';
import { paymentStatusMachineFor } from '../../actors/payment-status.actors.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useCurrentContests } from '../../shared/use-current-contests.ts';
import { useLoggedIn } from '../../shared/use-logged-in.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { TicketCropList } from '../../ui/TicketCrop.tsx';
import '../../styles/payments.css';
import { PaymentHistory } from './PaymentHistory.tsx';
import { PaymentRefunded } from './PaymentRefunded.tsx';

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
          {paymentId && (
            <PaymentStatusPanel key={paymentId} paymentId={paymentId} onSettled={() => setHistoryKey((n) => n + 1)} />
          )}
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
  const [machine] = useState(() => paymentStatusMachineFor({ onPayment: setPayment }));
  const [snapshot, send] = useMachine(machine, { input: { orderId: paymentId } });
  const final = snapshot.status === 'done';
  useEffect(() => {
    if (final) onSettled();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [final]);

  const refresh = (
    <button
      type="button"
      className="button button--primary button--small"
      onClick={() => send({ type: 'status.refresh' })}
      disabled={snapshot.matches('refreshing')}
    >
      {t('payments.refresh')}
    </button>
  );
  let kind: string;
  let body;
  if (snapshot.matches('success')) {
    kind = 'success';
    body = <PaymentSuccess payment={payment} />;
  } else if (final && payment && (payment.refund || payment.refundPending)) {
    // Money that came for tickets it could not buy (paid play suspended meanwhile, the contest
    // cancelled, the hold run out, a capture after the end): what went back, and why.
    kind = snapshot.matches('error') ? 'error' : 'failed';
    body = <PaymentRefunded payment={payment} />;
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

/**
 * The moment the money is in: how many tickets in which contest, the tickets in the order they
 * were marked, and what comes next (the contest's live show, My entries).
 */
function PaymentSuccess({ payment }: { payment: PaymentAnswer | null }) {
  if (payment && (payment.refund || payment.refundPending)) return <PaymentRefunded payment={payment} />;
  return <PaymentIn payment={payment} />;
}

function PaymentIn({ payment }: { payment: PaymentAnswer | null }) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const tickets = payment?.tickets ?? [];
  // The contest just paid for is the one the site shows (or the next): its picture is the play screen's.
  const { load } = useCurrentContests();
  const picture =
    load.status === 'ready' && payment
      ? ([load.data.current, load.data.next].find((contest) => contest?.id === payment.contestId)?.picture ?? undefined)
      : undefined;
  return (
    <>
      <h2>{t('payments.success')}</h2>
      {payment && (
        <p className="payment-status__in">
          {t('payments.youreIn', {
            count: payment.ticketCount,
            contest: t('payments.contest', { slot: payment.contest.slot }),
          })}
        </p>
      )}
      {tickets.length > 0 && (
        <>
          <p>{t('payments.successNext')}</p>
          <TicketCropList
            tickets={tickets}
            picture={picture}
            describe={(n, ticket) => t('payments.ticket', { n, x: ticket.x, y: ticket.y })}
          />
        </>
      )}
      {payment && (
        <div className="payment-status__next">
          <h3>{t('payments.nextSteps')}</h3>
          <p>{t('payments.showAt', { when: formatIstDateTime(new Date(payment.contest.showAt), lng) })}</p>
          <p>{t('payments.resultAfterShow')}</p>
        </div>
      )}
      <p className="payment-status__actions">
        <Link to={paths.myEntries} className="button button--primary">
          {t('payments.myEntries')}
        </Link>
        <Link to={paths.playScreen} className="button button--ghost">
          {t('payments.play')}
        </Link>
      </p>
    </>
  );
}
