import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { MyClaim } from '../../../domain/results.ts';
import { fetchMyEntries } from '../../api/results.ts';
import { paths } from '../../shared/paths.ts';
import { useLanguageLoad } from '../../shared/use-load.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { EntryCard } from './EntryCard.tsx';
import '../../styles/results.css';
import '../../styles/entries.css';

/**
 * /my_entries (issue 25): the contests the player holds tickets in, latest first, each with its
 * tickets, their status, the countdowns, the result and the receipts. One tap from the menu and
 * the header.
 */
export default function MyEntriesPage() {
  const { t } = useTranslation('results');
  const { state, retry, update } = useLanguageLoad(fetchMyEntries);
  const entries = state.status === 'ready' ? state.value : null;
  useEffect(() => {
    document.title = `${t('entries.title')} | ${BRAND.name}`;
  }, [t]);
  const claimed = (contestId: string, claim: MyClaim) =>
    update((data) => ({
      ...data,
      contests: data.contests.map((c) => (c.contestId === contestId ? { ...c, claim } : c)),
    }));

  return (
    <section className="container page my-entries" aria-labelledby="my-entries">
      <div className="my-entries__head">
        <h1 id="my-entries">{t('entries.title')}</h1>
        <p className="muted">{t('entries.intro')}</p>
      </div>
      {!entries && state.status !== 'failed' ? (
        <Spinner label={t('entries.loading')} />
      ) : !entries ? (
        <div className="results-state">
          <p role="alert">{t('entries.error')}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : entries.contests.length === 0 ? (
        <EmptyState className="results-state" text={t('entries.empty')} line={t('entries.emptyLine')}>
          <Link to={paths.playScreen} className="button button--primary">
            {t('entries.play')}
          </Link>
        </EmptyState>
      ) : (
        <ol className="my-entries__list">
          {entries.contests.map((entry) => (
            <li key={entry.contestId}>
              <EntryCard entry={entry} onClaimed={(claim) => claimed(entry.contestId, claim)} />
            </li>
          ))}
        </ol>
      )}
      <p className="my-entries__more">
        <Link to={paths.payments}>{t('entries.payments')}</Link>
        {' · '}
        <Link to={paths.winnersCircle}>{t('entries.winners')}</Link>
      </p>
    </section>
  );
}
