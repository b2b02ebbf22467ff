import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PaymentAnswer } from '../../../domain/payments.ts';
import { paths } from '../../shared/paths.ts';
import { RefundNote, TaxDocumentLinks } from './PaymentHistory.tsx';

/**
 * A payment whose money went back (or is going back): the refund, why, and its credit note; not the
 * tickets of a contest that will not be judged. On /payments and on the entry's own panel
 * (checkout/EntryPanel.tsx), where the player lands back from the gateway.
 */
export function PaymentRefunded({ payment }: { payment: PaymentAnswer }) {
  const { t } = useTranslation('payments');
  const invoiced = payment.invoice !== null;
  const line = payment.refund
    ? invoiced
      ? 'payments.refundedLine'
      : 'payments.refundedLineNoInvoice'
    : invoiced
      ? 'payments.refundPendingLine'
      : 'payments.refundPendingLineNoInvoice';
  // Tickets that went back to the cart wait there to be entered (free, with paid play off).
  const toCart = payment.refundCode === 'paidPlayOff';
  return (
    <>
      <h2>{t(payment.refund ? 'payments.refundedTitle' : 'payments.refundPendingTitle')}</h2>
      <div className="payment-status__refund">
        <RefundNote payment={payment} />
        <p>{t(line)}</p>
        {(payment.invoice || payment.creditNote) && <TaxDocumentLinks payment={payment} />}
      </div>
      <p className="payment-status__actions">
        <Link to={toCart ? paths.cart : paths.home} className="button button--primary">
          {t(toCart ? 'payments.cart' : 'payments.home')}
        </Link>
      </p>
    </>
  );
}
