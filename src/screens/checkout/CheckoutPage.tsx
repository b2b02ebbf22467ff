import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { CheckoutErrorCode } from '../../../machines/checkout.machine.ts';
import { checkoutMachineFor } from '../../actors/checkout.actors.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { paths } from '../../app/paths.ts';
import { BillLines } from '../../ui/BillLines.tsx';
import { formatRupees } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SupplyStateQuestion } from './SupplyStateQuestion.tsx';
import '../../styles/contest.css';
import '../../styles/payments.css';

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

function Checkout({ contestId }: { contestId: string }) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const inr = (paise: number) => formatRupees(paise, lng);
  const [code, setCode] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const navigate = useNavigate();

  const [machine] = useState(() => checkoutMachineFor({ contestId, onOrderRefusal: setServerMessage }));
  const [snapshot, send] = useMachine(machine);
  const { bill, promoCode, lastError, errorDetail, order } = snapshot.context;
  const paymentId = order?.paymentId ?? null;
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
  // The sandbox's hosted page is opening: the browser leaves this page.
  const toSandbox = atGateway && order?.gateway === 'sandbox' && !!order.checkoutUrl;
  const applied = promoCode !== null;
  const stateQuestion = snapshot.matches('choosingState') ? snapshot.children.supplyState : undefined;

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
      {toSandbox && (
        <p className="checkout__sandbox" role="status">
          <span className="checkout__badge">{t('checkout.sandbox')}</span> {t('checkout.redirecting')}
        </p>
      )}
      {/* The first paid order asks the player's state for the invoice (issue 26): in place of the pay button. */}
      {stateQuestion ? (
        <SupplyStateQuestion actor={stateQuestion} />
      ) : (
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
      )}
    </section>
  );
}
