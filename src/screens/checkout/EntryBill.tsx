import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bill } from '../../../domain/money.ts';
import { BillLines } from '../../ui/BillLines.tsx';

interface EntryBillProps {
  bill: Bill;
  ticketCount: number;
  promoCode: string | null;
  /** The promo form and Pay take input (the machine is in 'ready'). */
  ready: boolean;
  applying: boolean;
  paying: boolean;
  /** What went wrong, in words, under the promo form. */
  error: string | null;
  /** Marks the promo field invalid (a missing or refused code). */
  promoInvalid: boolean;
  /** Show the bill's lines open (the checkout page has room); folded under the total in the sheet. */
  billOpen: boolean;
  inr(paise: number): string;
  onApply(code: string): void;
  onRemove(): void;
  onPay(): void;
}

/**
 * The entry's total first, the spec's bill lines folded under it (open on the checkout page), one
 * promo code with the spec's messages, and Pay: the second and last tap before the gateway.
 */
export function EntryBill(props: EntryBillProps) {
  const { t } = useTranslation('payments');
  const { bill, promoCode, ready, inr } = props;
  const [code, setCode] = useState('');
  const applied = promoCode !== null;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    props.onApply(code);
  };
  return (
    <div className="entry-bill">
      <p className="entry-bill__total">
        <span className="entry-bill__count">{t('entry.tickets', { count: props.ticketCount })}</span>
        <span className="entry-bill__label">{t('entry.total')}</span>
        <strong className="entry-bill__amount" data-testid="entry-total">
          {inr(bill.grandTotal)}
        </strong>
      </p>
      {bill.grandTotal === 0 && bill.itemsTotal > 0 ? (
        <p className="entry-bill__note">{t('entry.zeroBill')}</p>
      ) : (
        <p className="entry-bill__note">{t('entry.allIn')}</p>
      )}
      <details className="entry-bill__details" open={props.billOpen}>
        <summary>{t('entry.billDetails')}</summary>
        <BillLines bill={bill} inr={inr} />
      </details>
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
            aria-invalid={props.promoInvalid}
          />
          <button type="submit" className="button button--primary button--small" disabled={applied || !ready}>
            {props.applying ? t('checkout.applying') : t('checkout.apply')}
          </button>
        </div>
        {applied && (
          <p className="promo__applied" role="status">
            {t('checkout.applied', { code: promoCode })}{' '}
            <button type="button" className="link-button" disabled={!ready} onClick={props.onRemove}>
              {t('checkout.remove')}
            </button>
          </p>
        )}
      </form>
      {props.error && (
        <p className="contest-notice checkout__error" role="alert">
          {props.error}
        </p>
      )}
      <button type="button" className="button button--accent entry-bill__pay" disabled={!ready} onClick={props.onPay}>
        {props.paying
          ? t('checkout.paying')
          : bill.grandTotal === 0
            ? t('entry.confirmZero')
            : t('checkout.pay', { amount: inr(bill.grandTotal) })}
      </button>
    </div>
  );
}
