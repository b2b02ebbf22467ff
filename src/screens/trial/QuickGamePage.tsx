import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { TRIAL_MAX_GAMES, TRIAL_MAX_TICKETS } from '../../../domain/tickets.ts';
import { paths } from '../../shared/paths.ts';
import '../../styles/trial.css';
import { TrialTop } from './TrialTop.tsx';

/** /quick_game: what free practice is and how to mark, then on to the game screen. */
export default function QuickGamePage() {
  const { t } = useTranslation('trial');
  const title = t('intro.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);

  return (
    <div className="trial-intro">
      <TrialTop />
      <section className="trial-intro__card" aria-labelledby="trial-intro-title">
        <h1 id="trial-intro-title" className="trial-intro__title">
          {title}
        </h1>
        <p className="trial-intro__lead">{t('intro.lead')}</p>
        <h2 className="trial-intro__heading">{t('intro.whatTitle')}</h2>
        <ul className="trial-intro__list">
          <li>{t('intro.free')}</li>
          <li>{t('intro.tickets', { max: TRIAL_MAX_TICKETS })}</li>
          <li>{t('intro.games', { games: TRIAL_MAX_GAMES })}</li>
          <li>{t('intro.reveal')}</li>
        </ul>
        <h2 className="trial-intro__heading">{t('intro.howTitle')}</h2>
        <ul className="trial-intro__list">
          <li>{t('intro.tap')}</li>
          <li>{t('intro.zoom')}</li>
          <li>{t('intro.keyboard')}</li>
        </ul>
        <div className="trial-intro__actions">
          <Link to={paths.quickGameScreen} className="button button--accent trial-intro__start">
            {t('intro.start')}
          </Link>
          <Link to={paths.home} className="trial-intro__home">
            {t('intro.home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
