import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { type NextShow, SHOW_ON_AIR_MS } from '../../../domain/results.ts';
import { countdown } from '../../../domain/schedule.ts';
import { fetchLiveShow } from '../../api/results.ts';
import { useLanguageRead } from './use-language-read.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { paths } from '../../app/paths.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useNow } from '../../ui/use-now.ts';
import { WinnerCardView } from './WinnerCardView.tsx';
import '../../styles/results.css';

/** /live_weekly_winner: the countdown to the next show, its stream, and the latest winner. */
export default function LiveWeeklyWinnerPage() {
  const { t } = useTranslation('results');
  const { outcome, retry } = useLanguageRead(fetchLiveShow);

  useEffect(() => {
    document.title = `${t('live.title')} | ${BRAND.name}`;
  }, [t]);

  return (
    <section className="container page results-page">
      <header className="results-page__header">
        <h1>{t('live.title')}</h1>
        <p className="muted">{t('live.intro')}</p>
      </header>
      {!outcome ? (
        <Spinner label={t('live.loading')} />
      ) : !outcome.ok ? (
        <div className="results-state">
          <p role="alert">{t('live.error')}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <NextShowPanel show={outcome.data.next} />
          <section className="results-section" aria-labelledby="latest-winner">
            <h2 id="latest-winner">{t('live.latestTitle')}</h2>
            {outcome.data.latest ? (
              <>
                <WinnerCardView card={outcome.data.latest} headingLevel={3} />
                <p>
                  <Link to={paths.winnersCircle}>{t('live.allWinners')}</Link>
                </p>
              </>
            ) : (
              <EmptyState className="results-state" text={t('live.noResultYet')} line={t('live.noResultLine')} />
            )}
          </section>
        </>
      )}
    </section>
  );
}

function NextShowPanel({ show }: { show: NextShow | null }) {
  const { t, i18n } = useTranslation('results');
  const now = useNow();
  if (!show) return <p className="results-state card">{t('live.noShow')}</p>;
  const at = new Date(show.showAt);
  const onAir = now.getTime() >= at.getTime() && now.getTime() < at.getTime() + SHOW_ON_AIR_MS;
  const host = show.streamUrl ? hostOf(show.streamUrl) : null;
  return (
    <section className="card live-show" aria-labelledby="next-show">
      <h2 id="next-show">{t('live.nextShow')}</h2>
      <p className="live-show__when">{t('live.showAt', { time: formatIstDateTime(at, currentLanguage(i18n)) })}</p>
      {onAir ? (
        <p className="live-show__on-air">{t('live.onAir')}</p>
      ) : (
        <Countdown parts={countdown(now, at)} label={t('live.countdownLabel')} />
      )}
      {show.embedUrl ? (
        <div className="live-show__player">
          <iframe
            src={show.embedUrl}
            title={t('live.embedTitle')}
            loading="lazy"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      ) : null}
      {show.streamUrl && host ? (
        <p>
          <a className="button button--accent" href={show.streamUrl} target="_blank" rel="noopener noreferrer">
            {show.embedUrl ? t('live.openStream', { host }) : t('live.watch')}
          </a>
        </p>
      ) : (
        <p className="muted">{t('live.noStreamYet')}</p>
      )}
    </section>
  );
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.hostname.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}
