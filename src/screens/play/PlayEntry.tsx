import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ContestView } from '../../../domain/contests.ts';
import { entryBill } from '../../../domain/money.ts';
import type { SubmitOutcome } from '../../../machines/ticket-marking.machine.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatRupees } from '../../ui/format.ts';
import { EntryPanel } from '../checkout/EntryPanel.tsx';
import { EntrySuccess } from '../checkout/EntrySuccess.tsx';
import { EntrySheet } from './EntrySheet.tsx';

/** The price line under the ticket bar: the all-in price per ticket and the total, or "Free entry" (no price at all). */
export function PlayPrice({ contest, count }: { contest: ContestView; count: number }) {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  if (contest.ticketPricePaise === 0)
    return (
      <p className="play-summary">
        <span>{t('play.free')}</span>
        <span className="play-summary__note">{t('card.maxTickets', { n: contest.maxTickets })}</span>
      </p>
    );
  return (
    <p className="play-summary">
      <span>{t('play.price', { price: formatRupees(contest.allInPricePaise, lng) })}</span>
      <span aria-live="polite">{t('play.total', { total: formatRupees(entryTotal(contest, count), lng) })}</span>
    </p>
  );
}

/** What n tickets cost, as the bill will say it (domain/money.ts entryBill, the same rounding). */
export const entryTotal = (contest: ContestView, count: number): number =>
  entryBill(contest.fees, contest.ticketPricePaise, count).grandTotal;

/** The ticket bar's words for the way in: "Enter for ₹X" (then the sheet and Pay), or "Enter free" (one tap). */
export function useEntryTexts(contest: ContestView, count: number) {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  const free = contest.ticketPricePaise === 0;
  return {
    submit: free ? t('play.enterFree') : t('play.enterFor', { total: formatRupees(entryTotal(contest, count), lng) }),
    submitting: t('play.entering'),
    ready: free ? t('play.readyFree') : t('play.readyPaid'),
    submitFailed: t('errors.enterFailed'),
  };
}

interface PlayEntryProps {
  contest: ContestView;
  /** The marking machine's last submit while its sheet is open. */
  submitted: SubmitOutcome | null;
  /** The sheet closed: marking goes on. */
  onClose(): void;
}

/**
 * The entry over the play screen (issue 25): after "Enter for ₹X" the bill, promo and Pay in a sheet;
 * after "Enter free" the tickets are in already, and the sheet says so; back from a hosted gateway
 * page (?payment=) the payment's outcome, with "Try again" after a failure.
 */
export function PlayEntry({ contest, submitted, onClose }: PlayEntryProps) {
  const { t } = useTranslation('payments');
  const [params, setParams] = useSearchParams();
  const returning = params.get('payment');
  const picture = contest.picture ?? undefined;
  const close = () => {
    if (returning !== null)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('payment');
          return next;
        },
        { replace: true },
      );
    if (submitted) onClose();
  };
  let body = null;
  if (submitted?.kind === 'entered')
    body = <EntrySuccess tickets={submitted.tickets} picture={picture} contest={contest} free onMore={close} />;
  else if (submitted?.kind === 'cart' || returning !== null)
    body = (
      <EntryPanel
        contestId={contest.id}
        paymentId={submitted ? null : returning}
        returnTo="play"
        picture={picture}
        compact
        onMore={close}
      />
    );
  return (
    <EntrySheet open={body !== null} title={t('entry.title')} onClose={close}>
      {body}
    </EntrySheet>
  );
}
