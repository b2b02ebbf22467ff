import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND, TAGLINE_MAX_TICKETS } from '../../../domain/brand.ts';
import { paths } from '../../shared/paths.ts';
import { ContestCard } from './ContestCard.tsx';
import { PrizeSpotlight } from './PrizeSpotlight.tsx';
import { ScheduleCard } from './ScheduleCard.tsx';
import { useCurrentContests } from '../../shared/use-current-contests.ts';
import { useLoggedIn } from '../../shared/use-logged-in.ts';
import '../../styles/home.css';

const steps = ['one', 'two', 'three'] as const;
const slots = ['A', 'B'] as const;

/**
 * The home page. A new visitor meets the pitch first (what the game is, a free practice game, the
 * rules), beside the contest card; a returning, logged-in player (issue 25) gets the contest card
 * with Play first, above the fold of a 360 x 740 phone, and practice second, below it.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { load, retry } = useCurrentContests();
  const returning = useLoggedIn();
  // One countdown on the page: the contest card's; the schedule's only when there is no contest to show.
  const showSchedule = load.status === 'error' || (load.status === 'ready' && !load.data.current);
  // The spec's tagline ('Max 75 tickets per person') unless the contest on show sets its own
  // limit: the page never names two (the card says the contest's).
  const current = load.status === 'ready' ? load.data.current : null;
  const ticketLimit = current && current.state !== 'cancelled' ? current.maxTickets : TAGLINE_MAX_TICKETS;
  useEffect(() => {
    document.title = `${BRAND.name} | ${t('hero.title')}`;
  }, [t]);

  return (
    <div className="home">
      <section className={returning ? 'hero hero--returning' : 'hero'}>
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1 className="hero__title">{returning ? t('hero.returningTitle') : t('hero.title')}</h1>
            {!returning && (
              <>
                <p className="hero__text">{t('hero.text')}</p>
                <HeroActions />
                <PrizeSpotlight load={load} />
              </>
            )}
          </div>
          {/* At the same place for both, so the card's picture painted first is the one kept. */}
          <div className="hero__cards">
            <ContestCard load={load} retry={retry} />
            {showSchedule && <ScheduleCard />}
          </div>
          {returning && (
            <div className="hero__more">
              <HeroActions />
              <PrizeSpotlight load={load} />
            </div>
          )}
        </div>
      </section>

      <section className="container section" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('steps.title')}</h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step} className="card step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`steps.${step}.title`)}</h3>
              <p>{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container section" aria-labelledby="weekly-title">
        <h2 id="weekly-title">{t('schedule.title')}</h2>
        <p>{t('schedule.intro')}</p>
        <div className="weekly">
          {slots.map((slot) => (
            <dl key={slot} className="card weekly__contest">
              <dt className="weekly__name">{t('schedule.contest', { slot })}</dt>
              <dd>
                <span className="weekly__label">{t('schedule.opens')}</span> {t(`schedule.weekly.${slot}.opens`)}
              </dd>
              <dd>
                <span className="weekly__label">{t('schedule.closes')}</span> {t(`schedule.weekly.${slot}.closes`)}
              </dd>
              <dd>
                <span className="weekly__label">{t('schedule.show')}</span> {t(`schedule.weekly.${slot}.show`)}
              </dd>
            </dl>
          ))}
        </div>
      </section>

      <section className="container section" aria-labelledby="trust-title">
        <h2 id="trust-title">{t('trust.title')}</h2>
        <ul className="trust">
          <li>{t('trust.skill')}</li>
          <li>{t('trust.age')}</li>
          <li>{t('trust.limit', { max: ticketLimit })}</li>
          <li>{t('trust.practice')}</li>
        </ul>
      </section>
    </div>
  );
}

/** Practice first among the others: a free game, then the rules. */
function HeroActions() {
  const { t } = useTranslation('home');
  return (
    <div className="hero__actions">
      <Link to={paths.quickGame} className="button button--accent">
        {t('hero.practice')}
      </Link>
      <Link to={paths.rules} className="button button--ghost">
        {t('hero.rules')}
      </Link>
    </div>
  );
}
