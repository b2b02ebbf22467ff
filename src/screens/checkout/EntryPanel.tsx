import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONTEST_ERROR_CODES } from '../../../domain/contest-codes.ts';
import type { PaymentAnswer } from '../../../domain/payments.ts';
import type { GamePicture } from '../../../domain/practice.ts';
import type { CheckoutErrorCode } from '../../../machines/checkout.machine.ts';
import { checkoutMachineFor } from '../../actors/checkout.actors.ts';
import { refusalText } from '../../api/http.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { formatRupees } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EntryBill } from './EntryBill.tsx';
import { EntrySuccess } from './EntrySuccess.tsx';
import { SupplyStateQuestion } from './SupplyStateQuestion.tsx';
import { PaymentRefunded } from '../payments/PaymentRefunded.tsx';
import '../../styles/contest.css';
import '../../styles/payments.css';
import '../../styles/entry.css';

export interface EntryPanelProps {
  contestId: string;
  /** Back from a hosted gateway page with this payment: its outcome only. */
  paymentId: string | null;
  /** Where a hosted gateway page sends the player back to. */
  returnTo: 'play' | 'checkout';
  /** The contest's picture, for the tickets' crops once in. */
  picture: GamePicture | undefined;
  /** The sheet: the bill's lines fold under the total. The checkout page shows them. */
  compact: boolean;
  /** Back to marking after the entry (the play screen). */
  onMore?: () => void;
}

/** Until 14:05 (IST), as the held tickets' end is said. */
const timeOf = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/**
 * The entry of one contest's cart, on the play screen's sheet and on /popupCheckout: the bill with
 * the promo code and Pay, the gateway, the payment watched to its end; then "You're in", or the
 * reason it failed with "Try again ₹X" on the same screen (the checkout machine).
 */
export function EntryPanel({ contestId, paymentId, returnTo, picture, compact, onMore }: EntryPanelProps) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const inr = (paise: number) => formatRupees(paise, lng);
  const [machine] = useState(() => checkoutMachineFor({ contestId, returnTo }));
  const actor = useActorRef(machine, { input: { paymentId } });
  const send = actor.send;
  // What the panel shows, selected one by one: a change elsewhere in the machine renders nothing.
  const state = useSelector(actor, (s) => s.value);
  const bill = useSelector(actor, (s) => s.context.bill);
  const promoCode = useSelector(actor, (s) => s.context.promoCode);
  const lastError = useSelector(actor, (s) => s.context.lastError);
  const errorDetail = useSelector(actor, (s) => s.context.errorDetail);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const order = useSelector(actor, (s) => s.context.order);
  const payment = useSelector(actor, (s) => s.context.payment);
  const ticketCount = useSelector(actor, (s) => s.context.ticketCount);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'checkout.retry' }));
  // The first paid order asks the player's state for the invoice (issue 26): its own machine.
  const stateQuestion = useSelector(actor, (s) => (s.matches('choosingState') ? s.children.supplyState : undefined));
  // The payment-status machine watching the payment: timed out, it waits for a Refresh.
  const watchTimedOut = useSelector(actor, (s) => {
    const watch: object | undefined = s.children.watchPayment?.getSnapshot();
    return watch !== undefined && 'value' in watch && watch.value === 'timedOut';
  });

  const errorText = (error: CheckoutErrorCode): string => {
    if (error === 'orderFailed' || error === 'retryFailed') {
      if (errorDetail === CONTEST_ERROR_CODES.paidPlaySuspended) return t('errors.PAID_PLAY_SUSPENDED');
      // The server's refusal, in the reader's language by its code.
      return refusal ? refusalText(refusal) : t(`errors.${error}`);
    }
    return t(`errors.${error}`);
  };

  if (state === 'starting' || state === 'loading') return <Spinner label={t('checkout.loading')} />;
  if (state === 'loadError' || ((state === 'ready' || state === 'creatingOrder') && !bill))
    return (
      <div className="entry-panel">
        <p role="alert">
          {errorDetail === CONTEST_ERROR_CODES.cartEmpty ? t('checkout.noContest') : t('checkout.loadFailed')}
        </p>
        <div className="cart-group__actions">
          <button type="button" className="button button--primary" onClick={() => send({ type: 'load.retry' })}>
            {t('checkout.retry')}
          </button>
          <Link to={paths.cart} className="button button--ghost">
            {t('checkout.backToCart')}
          </Link>
        </div>
      </div>
    );
  if (state === 'success' && payment)
    return (
      <EntrySuccess
        tickets={payment.tickets ?? []}
        picture={picture}
        contest={payment.contest}
        free={false}
        {...(onMore ? { onMore } : {})}
      />
    );
  // Money that came but bought no tickets (paid play suspended meanwhile, the contest cancelled,
  // the hold run out, a capture after the end): what went back and why, not a failure.
  if ((state === 'unpaid' || state === 'error') && payment && (payment.refund || payment.refundPending))
    return (
      <div className="entry-panel" data-testid="payment-status">
        <PaymentRefunded payment={payment} />
      </div>
    );
  if (state === 'unpaid' && payment)
    return (
      <Unpaid
        payment={payment}
        error={lastError ? errorText(lastError) : null}
        inr={inr}
        lng={lng}
        canRetry={canRetry}
        onRetry={() => send({ type: 'checkout.retry' })}
      />
    );
  if (state === 'error')
    return (
      <div className="entry-panel" role="alert">
        <h2 className="entry-panel__title">{t('payments.error')}</h2>
        <p>{lastError ? errorText(lastError) : t('payments.errorNext')}</p>
        {(payment ?? order) && (
          <p className="muted">{t('payments.refNo', { refNo: payment?.refNo ?? order?.refNo ?? '' })}</p>
        )}
      </div>
    );
  if (state === 'awaitingGateway' && order?.gateway === 'sandbox')
    return (
      <p className="checkout__sandbox" role="status">
        <span className="checkout__badge">{t('checkout.sandbox')}</span> {t('checkout.redirecting')}
      </p>
    );
  if (state === 'awaitingGateway' || state === 'verifying' || state === 'confirming' || state === 'retrying')
    return (
      <div className="entry-panel" aria-live="polite">
        {watchTimedOut ? (
          <>
            <p>{t('payments.timedOut')}</p>
            <button type="button" className="button button--primary" onClick={() => send({ type: 'status.refresh' })}>
              {t('payments.refresh')}
            </button>
          </>
        ) : (
          <Spinner label={state === 'retrying' ? t('entry.retrying') : t('entry.confirming')} />
        )}
      </div>
    );

  // The state question, in place of the bill.
  if (stateQuestion)
    return (
      <div className="entry-panel">
        <SupplyStateQuestion actor={stateQuestion} />
      </div>
    );

  // Paid play was switched off while the bill was open: no bill to pay any more, the cart enters free.
  if (
    (lastError === 'orderFailed' || lastError === 'retryFailed') &&
    errorDetail === CONTEST_ERROR_CODES.paidPlaySuspended
  )
    return (
      <div className="entry-panel" data-testid="entry-suspended">
        <h2 className="entry-panel__title">{t('entry.suspendedTitle')}</h2>
        <p className="contest-notice" role="alert">
          {t('errors.PAID_PLAY_SUSPENDED')}
        </p>
        <p>{t('entry.suspendedNext')}</p>
        <Link to={paths.cart} className="button button--accent">
          {t('payments.cart')}
        </Link>
      </div>
    );

  // ready, applyingPromo, removingPromo, creatingOrder: the bill.
  if (!bill) return null;
  return (
    <div className="entry-panel">
      <EntryBill
        bill={bill}
        ticketCount={ticketCount ?? 0}
        promoCode={promoCode}
        ready={state === 'ready'}
        applying={state === 'applyingPromo'}
        paying={state === 'creatingOrder'}
        error={lastError ? errorText(lastError) : null}
        promoInvalid={lastError === 'promoRequired' || lastError === 'invalidPromo' || lastError === 'promoFailed'}
        billOpen={!compact}
        inr={inr}
        onApply={(code) => send({ type: 'promo.apply', code })}
        onRemove={() => send({ type: 'promo.remove' })}
        onPay={() => send({ type: 'checkout.pay' })}
      />
      <Link to={paths.cart} className="entry-panel__later">
        {compact ? t('entry.payLater') : t('checkout.backToCart')}
      </Link>
    </div>
  );
}

interface UnpaidProps {
  payment: PaymentAnswer;
  error: string | null;
  canRetry: boolean;
  lng: string;
  inr(paise: number): string;
  onRetry(): void;
}

/** A payment that failed or was cancelled: why (when the gateway said), and "Try again ₹X" while the tickets are held. */
function Unpaid({ payment, error, canRetry, lng, inr, onRetry }: UnpaidProps) {
  const { t } = useTranslation('payments');
  const code = payment.failureCode;
  const reason =
    code && code !== 'other'
      ? t(`entry.reasons.${code}`)
      : payment.failureReason && payment.status === 'failed'
        ? t('entry.reasons.other', { reason: payment.failureReason })
        : null;
  return (
    <div className="entry-panel entry-unpaid" data-testid="entry-unpaid">
      <h2 className="entry-panel__title">
        {payment.status === 'cancelled' ? t('payments.cancelled') : t('payments.failed')}
      </h2>
      {reason && <p className="entry-unpaid__reason">{reason}</p>}
      <p>{payment.retry ? t('entry.heldUntil', { time: timeOf(payment.retry.expiresAt, lng) }) : t('entry.inCart')}</p>
      {error && (
        <p className="contest-notice" role="alert">
          {error}
        </p>
      )}
      {payment.retry && canRetry ? (
        <button type="button" className="button button--accent entry-bill__pay" onClick={onRetry}>
          {t('entry.tryAgain', { amount: inr(payment.retry.amountPaise) })}
        </button>
      ) : (
        <Link to={paths.cart} className="button button--primary">
          {t('payments.cart')}
        </Link>
      )}
      <p className="muted">{t('payments.refNo', { refNo: payment.refNo })}</p>
    </div>
  );
}
