import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestView } from '../../../domain/contests.ts';
import { entryBill } from '../../../domain/money.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { formatRupees } from '../../ui/format.ts';

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
      {count > 0 && (
        <span aria-live="polite">{t('play.total', { total: formatRupees(entryTotal(contest, count), lng) })}</span>
      )}
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
  // Memoised: the ticket bar keeps the same texts while a tap shows on the picture (GameTicketBar).
  return useMemo(
    () => ({
      // No amount before a ticket is marked ("Enter for ₹0" read as a price).
      submit: free
        ? t('play.enterFree')
        : count === 0
          ? t('play.enter')
          : t('play.enterFor', { total: formatRupees(entryTotal(contest, count), lng) }),
      submitting: t('play.entering'),
      ready: free ? t('play.readyFree') : t('play.readyPaid'),
      submitFailed: t('errors.enterFailed'),
      // No cart in a free contest's words: its tickets are entered with one tap.
      resetText: free ? t('game.resetTextFree') : t('game.resetText'),
    }),
    [t, lng, free, count, contest],
  );
}
