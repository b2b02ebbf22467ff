import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import {
  type AdminContest,
  type ContestForm as ContestFormValues,
  contestFormOf,
} from '../../../../domain/admin-contests.ts';
import { fetchContest, fetchContestDefaults, fetchContestsPage } from '../../../api/admin-contests.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { paths } from '../../../shared/paths.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { OutcomeNotice } from '../ui/Notices.tsx';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { ContestForm } from './ContestForm.tsx';
import { ContestItem, type ContestItemActions } from './ContestItem.tsx';
import { CountersCheck } from './CountersCheck.tsx';

type Mode =
  | { kind: 'view' }
  | { kind: 'loadingNew' }
  | { kind: 'new'; values: ContestFormValues }
  | { kind: 'edit'; contest: AdminContest };

const CONTESTS_BASE = `${paths.admin}/contests`;

/** This minute's start: a replacement takes entries at once (the form speaks whole minutes). */
const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

/**
 * Admin > Contests: every contest, newest window first, with its figures; create, edit, close
 * now, reopen, cancel and replace; one contest at /admin/contests/:id (where the overlap refusal
 * links); the ticket counters' check.
 */
export default function ContestsPage() {
  return (
    <Routes>
      <Route index element={<ContestsArea />} />
      <Route path=":contestId" element={<ContestsArea />} />
    </Routes>
  );
}

function ContestsArea() {
  const { t } = useTranslation('admin');
  const { contestId } = useParams();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [version, setVersion] = useState(0);
  const list = usePagedList(fetchContestsPage);
  const refresh = () => {
    list.refresh();
    setVersion((n) => n + 1);
  };

  const startNew = async () => {
    setNotice(null);
    setMode({ kind: 'loadingNew' });
    try {
      setMode({ kind: 'new', values: contestFormOf(await fetchContestDefaults()) });
    } catch (error) {
      setMode({ kind: 'view' });
      setNotice({ ok: false, text: errorMessageOf(error, t('contests.defaultsFailed')) });
    }
  };
  const actions: Actions = {
    onEdit: () => undefined,
    onEditOf: (contest) => () => {
      setNotice(null);
      setMode({ kind: 'edit', contest });
    },
    onChanged: (_contest, text) => {
      setNotice({ ok: true, text });
      refresh();
    },
    // The rest of a cancelled contest's window: same prize and show, opening now.
    onReplace: (contest) => {
      setNotice(null);
      setMode({
        kind: 'new',
        values: contestFormOf({ ...contest, opensAt: thisMinute(), decidedBy: 'judges' }),
      });
    },
  };
  const saved = (contest: AdminContest, created: boolean) => {
    setMode({ kind: 'view' });
    setNotice({
      ok: true,
      text: created ? t('contests.created', { slot: contest.slot }) : t('contests.saved', { slot: contest.slot }),
    });
    refresh();
  };

  if (mode.kind === 'new' || mode.kind === 'edit') {
    return (
      <section className="console-page">
        <ContestForm
          key={mode.kind === 'edit' ? mode.contest.id : 'new'}
          contest={mode.kind === 'edit' ? mode.contest : undefined}
          defaultValues={mode.kind === 'edit' ? contestFormOf(mode.contest) : mode.values}
          onSaved={(contest) => saved(contest, mode.kind === 'new')}
          onClose={() => setMode({ kind: 'view' })}
        />
      </section>
    );
  }

  if (contestId) {
    return (
      <section className="console-page">
        <Link to={CONTESTS_BASE} className="judging-back">
          {t('contests.detail.back')}
        </Link>
        {notice && <OutcomeNotice ok={notice.ok} text={notice.text} />}
        <ContestDetail key={`${contestId}-${version}`} id={contestId} actions={actions} />
      </section>
    );
  }

  return (
    <section className="console-page">
      <header className="console-page__header contests-header">
        <div>
          <h1>{t('contests.title')}</h1>
          <p className="muted">{t('contests.intro')}</p>
        </div>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void startNew()}
          disabled={mode.kind === 'loadingNew'}
        >
          {mode.kind === 'loadingNew' ? t('contests.opening') : t('contests.new')}
        </button>
      </header>
      {notice && <OutcomeNotice ok={notice.ok} text={notice.text} />}
      <CountersCheck />
      <PagedListView list={list} loadingLabel={t('contests.loading')} emptyText={t('contests.empty')}>
        {(items) => (
          <ol className="audit-list contest-list">
            {items.map((contest) => (
              <ContestItem key={contest.id} contest={contest} {...actions} onEdit={actions.onEditOf(contest)} />
            ))}
          </ol>
        )}
      </PagedListView>
    </section>
  );
}

type Actions = ContestItemActions & { onEditOf: (c: AdminContest) => () => void };

/** One contest, as the list shows it, at its own address. */
function ContestDetail({ id, actions }: { id: string; actions: Actions }) {
  const { t } = useTranslation('admin');
  const { state: load, reload } = useLoad(() => fetchContest(id), id);
  if (load.status === 'loading' || load.status === 'idle') return <Spinner label={t('contests.detail.loading')} />;
  if (load.status === 'failed')
    return <LoadFailed message={errorMessageOf(load.error, t('contests.detail.failed'))} onRetry={reload} />;
  return (
    <ol className="audit-list contest-list">
      <ContestItem contest={load.value} {...actions} onEdit={actions.onEditOf(load.value)} />
    </ol>
  );
}
