import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import type { WinnerCard } from '../../../domain/results.ts';
import { fetchWinners } from '../../api/results.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { WinnerCardView } from './WinnerCardView.tsx';
import '../../styles/results.css';

interface ListState {
  lng: string;
  cards: WinnerCard[];
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'failed' | 'loadingMore' | 'moreFailed';
}

/** /the_winners_circle: every published contest, newest first, a page at a time. */
export default function WinnersCirclePage() {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  const [state, setState] = useState<ListState>({ lng, cards: [], nextCursor: null, status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    (cursor: string | null) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      fetchWinners(lng, cursor, abort.signal).then(
        (page) => setState((s) => ({ lng, cards: cursor ? [...s.cards, ...page.results] : page.results, nextCursor: page.nextCursor, status: 'ready' })),
        () => {
          if (!abort.signal.aborted) setState((s) => ({ ...s, status: cursor ? 'moreFailed' : 'failed' }));
        },
      );
    },
    [lng],
  );

  useEffect(() => {
    setState({ lng, cards: [], nextCursor: null, status: 'loading' });
    load(null);
    return () => controller.current?.abort();
  }, [load, lng, attempt]);

  useEffect(() => {
    document.title = `${t('circle.title')} | ${BRAND.name}`;
  }, [t]);

  const more = () => {
    setState((s) => ({ ...s, status: 'loadingMore' }));
    load(state.nextCursor);
  };

  let content;
  if (state.status === 'loading') content = <Spinner label={t('circle.loading')} />;
  else if (state.status === 'failed')
    content = (
      <div className="results-state">
        <p role="alert">{t('circle.error')}</p>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  else if (state.cards.length === 0) content = <p className="results-state card">{t('circle.empty')}</p>;
  else
    content = (
      <>
        <ol className="winners-list">
          {state.cards.map((card) => (
            <li key={card.contestId}>
              <WinnerCardView card={card} />
            </li>
          ))}
        </ol>
        <div className="winners-list__footer">
          {state.status === 'moreFailed' && <p role="alert">{t('circle.moreFailed')}</p>}
          {state.nextCursor ? (
            <button type="button" className="button button--ghost" onClick={more} disabled={state.status === 'loadingMore'}>
              {state.status === 'loadingMore' ? t('circle.loadingMore') : t('circle.more')}
            </button>
          ) : (
            <p className="muted">{t('circle.end')}</p>
          )}
        </div>
      </>
    );

  return (
    <section className="container page results-page">
      <header className="results-page__header">
        <h1>{t('circle.title')}</h1>
        <p className="muted">{t('circle.intro')}</p>
      </header>
      {content}
    </section>
  );
}
