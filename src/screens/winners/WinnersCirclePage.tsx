import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import type { WinnerCard } from '../../../domain/results.ts';
import { fetchWinners } from '../../api/results.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { WinnerCardView } from './WinnerCardView.tsx';
import '../../styles/results.css';

interface ListState {
  /** The language and attempt it answers: a new one shows the spinner at once, a late answer is dropped. */
  request: string;
  cards: WinnerCard[];
  nextCursor: string | null;
  status: 'ready' | 'failed' | 'loadingMore' | 'moreFailed';
}

/** /the_winners_circle: every published contest, newest first, a page at a time. */
export default function WinnersCirclePage() {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  const [attempt, setAttempt] = useState(0);
  const request = `${lng}|${attempt}`;
  const [list, setList] = useState<ListState | null>(null);
  const state = list?.request === request ? list : null;
  const moreRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchWinners(lng, null, controller.signal).then(
      (page) => setList({ request, cards: page.results, nextCursor: page.nextCursor, status: 'ready' }),
      () => {
        if (!controller.signal.aborted) setList({ request, cards: [], nextCursor: null, status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      moreRequest.current?.abort();
    };
  }, [request, lng]);

  useEffect(() => {
    document.title = `${t('circle.title')} | ${BRAND.name}`;
  }, [t]);

  const more = () => {
    if (!state?.nextCursor) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setList({ ...state, status: 'loadingMore' });
    const same = (s: ListState | null): s is ListState => s !== null && s.request === request;
    fetchWinners(lng, state.nextCursor, controller.signal).then(
      (page) =>
        setList((s) =>
          same(s) ? { ...s, cards: [...s.cards, ...page.results], nextCursor: page.nextCursor, status: 'ready' } : s,
        ),
      () => {
        if (!controller.signal.aborted) setList((s) => (same(s) ? { ...s, status: 'moreFailed' } : s));
      },
    );
  };

  let content;
  if (!state) content = <Spinner label={t('circle.loading')} />;
  else if (state.status === 'failed')
    content = (
      <div className="results-state">
        <p role="alert">{t('circle.error')}</p>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  else if (state.cards.length === 0)
    content = <EmptyState className="results-state card" text={t('circle.empty')} line={t('circle.emptyLine')} />;
  else
    content = (
      <>
        <ol className="winners-list">
          {state.cards.map((card, index) => (
            <li key={card.contestId}>
              <WinnerCardView card={card} first={index === 0} />
            </li>
          ))}
        </ol>
        <div className="winners-list__footer">
          {state.status === 'moreFailed' && <p role="alert">{t('circle.moreFailed')}</p>}
          {state.nextCursor ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={more}
              disabled={state.status === 'loadingMore'}
            >
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
