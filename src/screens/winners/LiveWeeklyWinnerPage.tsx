import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { NextShow } from '../../../domain/results.ts';
import { SHOW_ON_AIR_MS } from '../../../domain/results/show-time.ts';
import { countdown } from '../../../domain/schedule.ts';
import { fetchLiveShow } from '../../api/public-results.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useLanguageLoad } from '../../shared/use-load.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useNow } from '../../ui/use-now.ts';
import { WinnerCardView } from './WinnerCardView.tsx';
import '../../styles/results.css';

/** A second after the show starts the result is there to read (the clocks of phone and server differ a little). */
const REVEAL_DELAY_MS = 1500;
const REVEAL_POLL_MS = 30_000;
/** setTimeout's longest wait: a show further away is read again when the page is opened again. */
const MAX_TIMER_MS = 2_147_483_647;

/** /live_weekly_winner: the countdown to the next show, its stream, and the latest winner. */
export default function LiveWeeklyWinnerPage() {
  const { t } = useTranslation('results');
  const { state, retry, set } = useLanguageLoad(fetchLiveShow);
  const show = state.status === 'ready' ? state.value : null;
  const { i18n } = useTranslation();
  const lang = currentLanguage(i18n) === 'hi' ? 'hi' : 'en';

  // Issue 26: the result is revealed at the show, not before. At the show's start (and every
  // REVEAL_POLL_MS while it is on air and the result is not in yet) the page reads the show
  // again in place: the result appears without a reload.
  useEffect(() => {
    if (!show) return;
    const next = show.next;
    if (!next || next.resultIn) return;
    const at = Date.parse(next.showAt);
    const now = Date.now();
    if (now >= at + SHOW_ON_AIR_MS) return;
    const wait = now < at ? at - now + REVEAL_DELAY_MS : REVEAL_POLL_MS;
    if (wait > MAX_TIMER_MS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchLiveShow(lang, controller.signal).then(
        (data) => set(data),
        () => undefined,
      );
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `set` is a fresh closure each render; the show read says when to wait again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show, lang]);

  useEffect(() => {
    document.title = `${t('live.title')} | ${BRAND.name}`;
  }, [t]);

  return (
    <section className="container page results-page">
      <header className="results-page__header">
        <h1>{t('live.title')}</h1>
        <p className="muted">{t('live.intro')}</p>
      </header>
      {!show && state.status !== 'failed' ? (
        <Spinner label={t('live.loading')} />
      ) : !show ? (
        <div className="results-state">
          <p role="alert">{t('live.error')}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <NextShowPanel show={show.next} />
          {show.next?.resultIn && (
            <p className="card live-show__result-in" role="status">
              <strong>{t('live.resultIn')}</strong> <a href="#latest-winner">{t('live.resultInLine')}</a>
            </p>
          )}
          <section className="results-section" aria-labelledby="latest-winner">
            <h2 id="latest-winner">{t('live.latestTitle')}</h2>
            {show.latest ? (
              <>
                <WinnerCardView card={show.latest} headingLevel={3} first />
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
