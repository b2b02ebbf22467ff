import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { paths } from '../../shared/paths.ts';
import { useCurrentContests } from '../../shared/use-current-contests.ts';
import { EntryPanel } from './EntryPanel.tsx';
import '../../styles/contest.css';
import '../../styles/payments.css';

/**
 * /popupCheckout?contest=<id>: the spec's checkout as a page, for tickets held in the cart (the
 * play screen shows the same panel as a sheet): the bill, one promo code, then the gateway;
 * `&payment=<id>` is the way back from a hosted gateway page, with the outcome and "Try again".
 */
export default function CheckoutPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const contestId = params.get('contest');
  const paymentId = params.get('payment');
  const title = t('checkout.title');
  // The contest's picture, for the tickets' crops once they are in.
  const { load } = useCurrentContests();
  const picture =
    load.status === 'ready'
      ? ([load.data.current, load.data.next].find((contest) => contest?.id === contestId)?.picture ?? undefined)
      : undefined;
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);
  return (
    <div className="container checkout">
      <h1 className="checkout__title">{title}</h1>
      {contestId ? (
        <section className="card checkout__card">
          <EntryPanel
            key={`${contestId}|${paymentId ?? ''}`}
            contestId={contestId}
            paymentId={paymentId}
            returnTo="checkout"
            picture={picture}
            compact={false}
          />
        </section>
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
