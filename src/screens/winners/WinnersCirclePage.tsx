import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import type { WinnerCard } from '../../../domain/results.ts';
import { fetchWinners } from '../../api/public-results.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { useLanguageLoad } from '../../shared/use-load.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { WinnerCardView } from './WinnerCardView.tsx';
import '../../styles/results.css';

interface List {
  cards: WinnerCard[];
  nextCursor: string | null;
  more: 'idle' | 'loading' | 'failed';
}

/** /the_winners_circle: every published contest, newest first, a page at a time. */
export default function WinnersCirclePage() {
  const { t, i18n } = useTranslation('results');
  const lng = currentLanguage(i18n);
  // In the language shown: a switch or a retry shows the spinner at once, a late answer is dropped.
  const { state, retry, update } = useLanguageLoad<List>(async (lang, signal) => {
    const page = await fetchWinners(lang, null, signal);
    return { cards: page.results, nextCursor: page.nextCursor, more: 'idle' };
  });
  const list = state.status === 'ready' ? state.value : null;
  const moreRequest = useRef<AbortController | null>(null);
  useEffect(() => () => moreRequest.current?.abort(), [lng]);

  useEffect(() => {
    document.title = `${t('circle.title')} | ${BRAND.name}`;
  }, [t]);

  const more = () => {
    if (!list?.nextCursor) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    update((l) => ({ ...l, more: 'loading' }));
    fetchWinners(lng, list.nextCursor, controller.signal).then(
      (page) => update((l) => ({ cards: [...l.cards, ...page.results], nextCursor: page.nextCursor, more: 'idle' })),
      () => {
        if (!controller.signal.aborted) update((l) => ({ ...l, more: 'failed' }));
      },
    );
  };

  let content;
  if (state.status === 'failed')
    content = (
      <div className="results-state">
        <p role="alert">{t('circle.error')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  else if (!list) content = <Spinner label={t('circle.loading')} />;
  else if (list.cards.length === 0)
    content = <EmptyState className="results-state card" text={t('circle.empty')} line={t('circle.emptyLine')} />;
  else
    content = (
      <>
        <ol className="winners-list">
          {list.cards.map((card, index) => (
            <li key={card.contestId}>
              <WinnerCardView card={card} first={index === 0} />
            </li>
          ))}
        </ol>
        <div className="winners-list__footer">
          {list.more === 'failed' && <p role="alert">{t('circle.moreFailed')}</p>}
          {list.nextCursor ? (
            <button type="button" className="button button--ghost" onClick={more} disabled={list.more === 'loading'}>
              {list.more === 'loading' ? t('circle.loadingMore') : t('circle.more')}
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
