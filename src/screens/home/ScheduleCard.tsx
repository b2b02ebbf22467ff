import { useTranslation } from 'react-i18next';
import { countdown, scheduleAt } from '../../../domain/schedule.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useNow } from '../../ui/use-now.ts';

/** The next open/close and the next live show, computed in IST from domain/schedule. */
export function ScheduleCard() {
  const { t } = useTranslation('home');
  // The build's pre-rendered home has no clock: the card's frame, filled once live.
  if (!useHydrated()) {
    return (
      <section className="card schedule-card schedule-card--frame" aria-busy="true" aria-label={t('schedule.title')}>
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
        <div className="skeleton schedule-card__countdown-frame" />
        <div className="skeleton skeleton--line" />
      </section>
    );
  }
  return <ScheduleStatus />;
}

function ScheduleStatus() {
  const { t, i18n } = useTranslation('home');
  const now = useNow(1000);
  const lng = currentLanguage(i18n);
  const { window, state, nextShow } = scheduleAt(now);
  const open = state === 'open';
  const target = open ? window.closesAt : window.opensAt;
  const label = open ? t('schedule.closesIn') : t('schedule.opensIn');

  return (
    <section className="card schedule-card" aria-labelledby="schedule-status">
      {open ? (
        <h2 id="schedule-status" className="schedule-card__status schedule-card__status--open">
          {t('schedule.openNow', { slot: window.slot })}
        </h2>
      ) : (
        <>
          <h2 id="schedule-status" className="schedule-card__status schedule-card__status--closed">
            {t('schedule.closedTitle')}
          </h2>
          <p>{t('schedule.nextOpens', { slot: window.slot, when: formatIstDateTime(window.opensAt, lng) })}</p>
        </>
      )}
      <p className="schedule-card__label">{label}</p>
      <Countdown parts={countdown(now, target)} label={label} />
      {open && <p className="muted">{t('schedule.closesAt', { when: formatIstDateTime(window.closesAt, lng) })}</p>}
      <p className="schedule-card__show">{t('schedule.nextShow', { when: formatIstDateTime(nextShow.at, lng) })}</p>
    </section>
  );
}
