import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ContestView, CurrentContests } from '../../../domain/contests.ts';
import { CURRENT_PICTURE_PATH } from '../../../domain/site-paths.ts';
import { countdown } from '../../../domain/schedule.ts';
import { contestPhase, fetchCurrentContests } from '../../api/contests.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { loginMarker } from '../../app/login-marker.ts';
import { paths } from '../../app/paths.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatIstDateTime, formatRupees } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import '../../styles/contest.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: CurrentContests };

/** The home page's card of the current contest (GET /contests/current): picture, prize, price, limits, countdown. */
export function ContestCard() {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCurrentContests(lng).then(
      (data) => live && setLoad({ status: 'ready', data }),
      () => live && setLoad({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [lng, attempt]);
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (load.status === 'loading') {
    return (
      <section className="card contest-card contest-card--skeleton" aria-busy="true" aria-label={t('card.loading')}>
        <div className="skeleton skeleton--title" />
        {/* The current contest's picture from the first paint (the pre-rendered home page): the
            address redirects to the variant the card shows next, which is then in the cache. */}
        <img className="contest-card__picture" src={CURRENT_PICTURE_PATH} width={1280} height={800} fetchPriority="high" alt="" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </section>
    );
  }
  if (load.status === 'error') {
    return (
      <section className="card contest-card" aria-labelledby="contest-card-title">
        <h2 id="contest-card-title" className="contest-card__title">{t('card.title')}</h2>
        <p role="alert">{t('card.loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('card.retry')}
        </button>
      </section>
    );
  }
  const { current, paidPlay } = load.data;
  return (
    <section className="card contest-card" aria-labelledby="contest-card-title">
      <h2 id="contest-card-title" className="contest-card__title">
        {current ? `${t('card.title')} · ${t('card.contest', { slot: current.slot })}` : t('card.title')}
      </h2>
      {!paidPlay.enabled && paidPlay.message && (
        <p className="contest-notice" role="note">
          <strong>{t('card.notice')}:</strong> {paidPlay.message}
        </p>
      )}
      {current ? <ContestDetails contest={current} lng={lng} /> : <p>{t('card.none')}</p>}
    </section>
  );
}

function ContestDetails({ contest, lng }: { contest: ContestView; lng: string }) {
  const { t, i18n } = useTranslation('contest');
  const navigate = useNavigate();
  const now = useNow(1000);
  const phase = contestPhase(contest, now);
  const small = contest.picture?.variants.find((v) => v.name === 'small') ?? contest.picture?.variants[0];
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const play = () => {
    if (loginMarker.isSet()) void navigate(paths.playScreen);
    else void navigate(paths.login, { state: { from: paths.playScreen, notice: i18n.t('errors.UNAUTHENTICATED', { ns: 'contest' }) } });
  };
  const label = phase === 'open' ? t('card.closesIn') : t('card.opensIn');
  return (
    <>
      {small && (
        <img className="contest-card__picture" src={small.url} width={small.width} height={small.height} fetchPriority="high" alt={t('card.pictureAlt')} />
      )}
      <dl className="contest-card__facts">
        <div>
          <dt>{t('card.prize')}</dt>
          <dd>
            {contest.prize.pictureUrl && (
              <img className="contest-card__prize-photo" src={contest.prize.pictureUrl} width={96} height={72} loading="lazy" decoding="async" alt={t('card.prizePictureAlt', { title: contest.prize.title })} />
            )}
            <strong>{contest.prize.title}</strong>
            <span className="contest-card__sub">
              {t(`card.prizeKind.${contest.prize.kind}`)}
              {contest.prize.valuePaise > 0 && ` · ${t('card.prizeValue', { value: formatRupees(contest.prize.valuePaise, lng) })}`}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('card.price')}</dt>
          <dd>{contest.ticketPricePaise === 0 ? t('card.free') : t('card.pricePlusFee', { price: formatRupees(contest.ticketPricePaise, lng) })}</dd>
        </div>
      </dl>
      {contest.state !== 'cancelled' ? (
        <ul className="contest-card__limits">
          <li>{t('card.maxTickets', { n: contest.maxTickets })}</li>
          <li>{t('card.ticketsLeft', { n: count(contest.ticketsLeft) })}</li>
          {contest.myTickets > 0 && <li>{t('card.myTickets', { n: count(contest.myTickets) })}</li>}
        </ul>
      ) : (
        contest.myTickets > 0 && (
          <ul className="contest-card__limits">
            <li>{t('card.myTickets', { n: count(contest.myTickets) })}</li>
          </ul>
        )
      )}
      {contest.state === 'cancelled' ? (
        <div className="contest-card__cancelled" role="status">
          <p>
            <strong>{t('card.cancelled')}</strong>
          </p>
          {contest.cancelReason && <p>{t('card.cancelReason', { reason: contest.cancelReason })}</p>}
          <p>{t('card.cancelledText')}</p>
        </div>
      ) : phase === 'closed' ? (
        <p className="contest-card__closed" role="status">
          {t('card.closed')}
        </p>
      ) : (
        <>
          <p className="contest-card__phase">
            <span className={`contest-badge contest-badge--${phase}`}>{phase === 'open' ? t('card.open') : t('card.upcoming')}</span> {label}
          </p>
          <Countdown parts={countdown(now, new Date(phase === 'open' ? contest.closesAt : contest.opensAt))} label={label} />
        </>
      )}
      {contest.state !== 'cancelled' && <p className="contest-card__show">{t('card.nextShow', { when: formatIstDateTime(new Date(contest.showAt), lng) })}</p>}
      {phase !== 'closed' && (
        <button type="button" className="button button--accent contest-card__play" onClick={play}>
          {t('card.play')}
        </button>
      )}
    </>
  );
}
