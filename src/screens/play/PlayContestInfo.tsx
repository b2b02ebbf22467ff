import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestView } from '../../../domain/contests.ts';
import { countdown } from '../../../domain/schedule.ts';
import { contestPhase } from '../../api/contests.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatRupees } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import { SponsorLine } from '../../ui/SponsorLine.tsx';

/**
 * The strip above the play screen's picture: which contest, its prize and the time left to enter.
 * It ticks on its own; the board's renders (a tap's mark) pass it by.
 */
export const PlayContestInfo = memo(function PlayContestInfo({ contest }: { contest: ContestView }) {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  // Only this strip ticks every second, not the stage or the ticket bar.
  const now = useNow(1000);
  const open = contestPhase(contest, now) === 'open';
  const { prize } = contest;
  return (
    <section className="play-info" aria-label={t('play.about')}>
      <p className="play-info__contest">
        <span className="play-info__name">{t('card.contest', { slot: contest.slot })}</span>
        {' · '}
        <span className="visually-hidden">{t('card.prize')}: </span>
        <strong>{prize.title}</strong>
        {prize.valuePaise > 0 && <span> · {t('card.prizeValue', { value: formatRupees(prize.valuePaise, lng) })}</span>}
      </p>
      <SponsorLine sponsor={contest.sponsor} className="play-info__sponsor" />
      {open ? (
        <div className="play-info__close">
          <span className="play-info__label" aria-hidden="true">
            {t('card.closesIn')}
          </span>
          <Countdown parts={countdown(now, new Date(contest.closesAt))} label={t('card.closesIn')} compact />
        </div>
      ) : (
        <p className="play-info__closed" role="status">
          {t('play.closed')}
        </p>
      )}
    </section>
  );
});
