import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { BRAND } from '../../../domain/brand.ts';
import type { Bill } from '../../../domain/money.ts';
import type { PaymentOrderAnswer } from '../../../domain/payments.ts';
import {
  checkoutMachine,
  type CheckoutErrorCode,
  type GatewayResult,
  type LoadedBill,
} from '../../../machines/checkout.machine.ts';
import { ContestApiError, fetchCart } from '../../api/contests.ts';
import { dataOf, http } from '../../api/http.ts';
import { applyPromoCode, createPaymentOrder, removePromoCode } from '../../api/payments.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { paths } from '../../app/paths.ts';
import { BillLines } from '../../ui/BillLines.tsx';
import { formatRupees } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { openRazorpay, type PaymentReturnFields, type RazorpayFailure, unpaidReturnFields } from './razorpay.ts';
import '../../styles/contest.css';
import '../../styles/payments.css';

/** POST /api/v1/payments/return: the server verifies a paid Checkout or records a failed or cancelled one. */
const postPaymentReturn = async (fields: PaymentReturnFields) =>
  dataOf<{ verified: boolean; paymentId: string }>((await http.post('/payments/return', fields)).data);

/** Never settles: the browser leaves the page (sandbox) or nothing more can happen here (Razorpay). */
const never = <T,>() => new Promise<T>(() => undefined);

/** /popupCheckout?contest=<id>: the bill of one contest's tickets, one promo code, then the gateway. */
export default function CheckoutPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const contestId = params.get('contest');
  const title = t('checkout.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);
  return (
    <div className="container checkout">
      <h1 className="checkout__title">{title}</h1>
      {contestId ? (
        <Checkout contestId={contestId} />
      ) : (
        <div className="card play-message">
          <p>{t('checkout.noContest')}</p>
          <Link to={paths.cart} className="button button--primary">
            {t('checkout.backToCart')}
          </Link>
        </div>
      )}
    </div>
  );
}

type GatewayNote = { kind: 'sandbox' } | null;

function Checkout({ contestId }: { contestId: string }) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const inr = (paise: number) => formatRupees(paise, lng);
  const [code, setCode] = useState('');
  const [gateway, setGateway] = useState<GatewayNote>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const navigate = useNavigate();

  const [machine] = useState(() => {
    // The order the server made, kept for openGateway (the machine only passes its id on).
    let order: PaymentOrderAnswer | null = null;
    return checkoutMachine.provide({
      actors: {
        loadBill: fromPromise<LoadedBill>(async () => {
          const cart = await fetchCart();
          const group = cart.groups.find((g) => g.contestId === contestId);
          if (!group) throw new ContestApiError('CART_EMPTY', 'CART_EMPTY', null);
          return { bill: group.bill, promoCode: group.promoCode };
        }),
        applyPromo: fromPromise<Bill, { code: string }>(
          async ({ input }) => (await applyPromoCode(contestId, input.code)).bill,
        ),
        removePromo: fromPromise<Bill, { code: string }>(async () => (await removePromoCode(contestId)).bill),
        createPaymentOrder: fromPromise<{ orderId?: string | null }, { promoCode: string | null; grandTotal: number }>(
          async () => {
            setServerMessage(null);
            try {
              order = await createPaymentOrder(contestId);
              setPaymentId(order.paymentId);
              return order;
            } catch (error) {
              if (error instanceof ContestApiError && error.status !== null) setServerMessage(error.message);
              throw error;
            }
          },
        ),
        openGateway: fromPromise<GatewayResult, { orderId: string; amount: number }>(async () => {
          const answer = order;
          if (answer?.gateway === 'sandbox' && answer.checkoutUrl) {
            setGateway({ kind: 'sandbox' });
            window.location.assign(answer.checkoutUrl);
            return never<GatewayResult>();
          }
          if (answer?.gateway !== 'razorpay' || !answer.keyId) throw new Error('No gateway to open');
          // Razorpay Checkout.js: a script load failure rejects, which the machine takes as a gateway failure.
          let failure: RazorpayFailure | null = null;
          const result = await openRazorpay({
            keyId: answer.keyId,
            orderId: answer.orderId,
            amountPaise: answer.amountPaise,
            name: BRAND.name,
            onFailure: (response) => {
              failure = response;
            },
          });
          // A failure or cancel is recorded at once (best effort: the reconciliation job asks the gateway anyway).
          if (result.outcome !== 'success')
            await postPaymentReturn(unpaidReturnFields(answer.orderId, result.outcome, failure)).catch(() => undefined);
          return result;
        }),
        verifyPayment: fromPromise<{ verified: boolean }, { orderId: string; paymentId: string; signature: string }>(
          async ({ input }) => {
            const answer = await postPaymentReturn({
              razorpay_order_id: input.orderId,
              razorpay_payment_id: input.paymentId,
              razorpay_signature: input.signature,
            });
            return { verified: answer.verified };
          },
        ),
      },
    });
  });
  const [snapshot, send] = useMachine(machine);
  const { bill, promoCode, lastError, errorDetail } = snapshot.context;
  const finished = snapshot.status === 'done';

  // The payment status screen follows the payment from here on (success, failed, cancelled, error).
  useEffect(() => {
    if (finished)
      void navigate(paymentId ? `${paths.payments}?payment=${encodeURIComponent(paymentId)}` : paths.payments, {
        replace: true,
      });
  }, [finished, paymentId, navigate]);

  const errorText = (error: CheckoutErrorCode): string => {
    if (error === 'orderFailed') {
      if (errorDetail === 'PAID_PLAY_SUSPENDED') return t('errors.PAID_PLAY_SUSPENDED');
      return serverMessage ?? t('errors.orderFailed');
    }
    return t(`errors.${error}`);
  };

  if (snapshot.matches('loading')) return <Spinner label={t('checkout.loading')} />;
  if (snapshot.matches('loadError') || !bill)
    return (
      <div className="card play-message">
        <p role="alert">{t('checkout.loadFailed')}</p>
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

  const ready = snapshot.matches('ready');
  const applying = snapshot.matches('applyingPromo');
  const creating = snapshot.matches('creatingOrder');
  const atGateway = snapshot.matches('awaitingGateway');
  const applied = promoCode !== null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'promo.apply', code });
  };

  return (
    <section className="card checkout__card" aria-labelledby="checkout-bill">
      <h2 id="checkout-bill" className="checkout__bill-title">
        {t('checkout.bill')}
      </h2>
      <BillLines bill={bill} inr={inr} />
      <form className="promo" onSubmit={apply} noValidate>
        <label htmlFor="promo-code" className="promo__label">
          {t('checkout.promoLabel')}
        </label>
        <div className="promo__row">
          <input
            id="promo-code"
            className="promo__input"
            value={applied ? promoCode : code}
            onChange={(event) => setCode(event.target.value)}
            disabled={applied || !ready}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            aria-invalid={lastError === 'promoRequired' || lastError === 'invalidPromo' || lastError === 'promoFailed'}
          />
          <button type="submit" className="button button--primary button--small" disabled={applied || !ready}>
            {applying ? t('checkout.applying') : t('checkout.apply')}
          </button>
        </div>
        {applied && (
          <p className="promo__applied" role="status">
            {t('checkout.applied', { code: promoCode })}{' '}
            <button
              type="button"
              className="link-button"
              disabled={!ready}
              onClick={() => send({ type: 'promo.remove' })}
            >
              {t('checkout.remove')}
            </button>
          </p>
        )}
      </form>
      {lastError && (
        <p className="contest-notice checkout__error" role="alert">
          {errorText(lastError)}
        </p>
      )}
      {gateway?.kind === 'sandbox' && (
        <p className="checkout__sandbox" role="status">
          <span className="checkout__badge">{t('checkout.sandbox')}</span> {t('checkout.redirecting')}
        </p>
      )}
      <div className="cart-group__actions">
        <button
          type="button"
          className="button button--accent"
          disabled={!ready}
          onClick={() => send({ type: 'checkout.pay' })}
        >
          {creating ? t('checkout.paying') : t('checkout.pay', { amount: inr(bill.grandTotal) })}
        </button>
        {!atGateway && (
          <Link to={paths.cart} className="button button--ghost">
            {t('checkout.backToCart')}
          </Link>
        )}
      </div>
    </section>
  );
}
