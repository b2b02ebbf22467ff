/**
 * Console > Results (admin): how many judges must mark, the closed contests with their judging
 * progress, and the review of one: the judged point with every judge's mark (name, time), the
 * best entries, reset of a mark before judging ends, and Publish (with a confirm step).
 */
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router-dom';
import { callErrorOf, fetchResults } from '../../../api/admin-judging.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { JudgingCardHead } from '../judging/JudgingCardHead.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { JudgesRequiredForm } from './JudgesRequiredForm.tsx';
import { RESULTS_BASE } from './results-base.ts';
import { ResultReviewPage } from './ResultReviewPage.tsx';
import '../../../styles/admin-judging.css';

export default function ResultsPage() {
  return (
    <Routes>
      <Route index element={<ResultsListPage />} />
      <Route path=":contestId" element={<ResultReviewPage />} />
    </Routes>
  );
}

function ResultsListPage() {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoad(() => fetchResults(), 'results');
  return (
    <section className="console-page">
      <PageHeader title={t('judging.results.title')} intro={t('judging.results.intro')} />
      {state.status === 'ready' && <JudgesRequiredForm current={state.value.required} onSaved={reload} />}
      {state.status === 'loading' || state.status === 'idle' ? (
        <Spinner label={t('judging.results.loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed message={callErrorOf(state.error, t('list.failed')).message} onRetry={reload} />
      ) : state.value.contests.length === 0 ? (
        <p className="console-empty">{t('judging.results.empty')}</p>
      ) : (
        <ul className="judging-list">
          {state.value.contests.map((item) => (
            <li key={item.contestId} className="judging-card">
              <div className="judging-card__main">
                <JudgingCardHead item={item} />
              </div>
              <Link
                to={`${RESULTS_BASE}/${encodeURIComponent(item.contestId)}`}
                className={`button ${item.state === 'judged' ? 'button--primary' : 'button--ghost'}`}
              >
                {item.state === 'judged' ? t('judging.results.reviewPublish') : t('judging.results.review')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
