import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminContest,
  type ContestForm as ContestFormValues,
  contestFormOf,
} from '../../../../domain/admin-contests.ts';
import { formatInr } from '../../../../domain/money.ts';
import { fetchContestDefaults, fetchContestsPage } from '../../../api/admin-contests.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { CancelContest } from './CancelContest.tsx';
import { ContestForm } from './ContestForm.tsx';
import { CountersCheck } from './CountersCheck.tsx';
import { OutcomeNotice } from '../ui/Notices.tsx';

type Mode =
  | { kind: 'list' }
  | { kind: 'loadingNew' }
  | { kind: 'new'; values: ContestFormValues }
  | { kind: 'edit'; contest: AdminContest };

/** Admin > Contests: every contest, newest window first, with its figures; create, edit and cancel; the ticket counters' check. */
export default function ContestsPage() {
  const { t } = useTranslation('admin');
  const list = usePagedList(fetchContestsPage);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const startNew = async () => {
    setNotice(null);
    setMode({ kind: 'loadingNew' });
    try {
      setMode({ kind: 'new', values: contestFormOf(await fetchContestDefaults()) });
    } catch (error) {
      setMode({ kind: 'list' });
      setNotice({ ok: false, text: errorMessageOf(error, t('contests.defaultsFailed')) });
    }
  };
  const saved = (contest: AdminContest, created: boolean) => {
    setMode({ kind: 'list' });
    setNotice({
      ok: true,
      text: created ? t('contests.created', { slot: contest.slot }) : t('contests.saved', { slot: contest.slot }),
    });
    list.refresh();
  };

  if (mode.kind === 'new' || mode.kind === 'edit') {
    return (
      <section className="console-page">
        <ContestForm
          key={mode.kind === 'edit' ? mode.contest.id : 'new'}
          contest={mode.kind === 'edit' ? mode.contest : undefined}
          defaultValues={mode.kind === 'edit' ? contestFormOf(mode.contest) : mode.values}
          onSaved={(contest) => saved(contest, mode.kind === 'new')}
          onClose={() => setMode({ kind: 'list' })}
        />
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
              <ContestItem
                key={contest.id}
                contest={contest}
                onEdit={() => {
                  setNotice(null);
                  setMode({ kind: 'edit', contest });
                }}
                onCancelled={(c) => {
                  setNotice({ ok: true, text: t('contests.cancel.done', { slot: c.slot }) });
                  list.refresh();
                }}
              />
            ))}
          </ol>
        )}
      </PagedListView>
    </section>
  );
}

function ContestItem({
  contest,
  onEdit,
  onCancelled,
}: {
  contest: AdminContest;
  onEdit: () => void;
  onCancelled: (contest: AdminContest) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  const when = (at: string) => formatIstShort(new Date(at), lng);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const [cancelling, setCancelling] = useState(false);
  return (
    <li className="audit-item contest-item">
      <div className="contest-item__head">
        {contest.pictureUrl && (
          <img className="contest-item__thumb" src={contest.pictureUrl} alt="" loading="lazy" width={96} height={60} />
        )}
        <div>
          <p className="audit-item__meta">
            {t('contests.window', { slot: contest.slot, opens: when(contest.opensAt), closes: when(contest.closesAt) })}
          </p>
          <p className="audit-item__summary">{lng === 'hi' ? contest.prizeTitleHi : contest.prizeTitleEn}</p>
          <p className="audit-item__tags">
            <span className={`chip contest-state contest-state--${contest.state}`}>
              {t(`contests.states.${contest.state}`)}
            </span>{' '}
            <span className="chip chip--quiet">
              {contest.ticketPricePaise === 0
                ? t('contests.free')
                : t('contests.price', { price: formatInr(contest.ticketPricePaise, locale) })}
            </span>
          </p>
        </div>
      </div>
      <dl className="contest-item__figures">
        <div>
          <dt>{t('contests.figures.sold')}</dt>
          <dd>
            {count(contest.ticketsSold)} / {count(contest.totalTickets)}
          </dd>
        </div>
        <div>
          <dt>{t('contests.figures.revenue')}</dt>
          <dd>{formatInr(contest.revenuePaise, locale)}</dd>
        </div>
        <div>
          <dt>{t('contests.figures.entrants')}</dt>
          <dd>{count(contest.entrants)}</dd>
        </div>
        {contest.refundedPaise > 0 && (
          <div>
            <dt>{t('contests.figures.refunded')}</dt>
            <dd>{formatInr(contest.refundedPaise, locale)}</dd>
          </div>
        )}
      </dl>
      {contest.state === 'cancelled' && contest.cancelReason && (
        <p className="muted">
          {t('contests.cancelledBecause', {
            reason: contest.cancelReason,
            when: contest.cancelledAt ? when(contest.cancelledAt) : '',
          })}
        </p>
      )}
      {(contest.editable || contest.cancellable) && (
        <div className="claim-item__actions">
          {contest.editable && (
            <button type="button" className="button button--primary button--small" onClick={onEdit}>
              {t('contests.edit')}
            </button>
          )}
          {contest.cancellable && (
            <button type="button" className="button button--ghost button--small" onClick={() => setCancelling(true)}>
              {t('contests.cancel.open')}
            </button>
          )}
        </div>
      )}
      {cancelling && (
        <CancelContest
          contest={contest}
          onDone={(c) => {
            setCancelling(false);
            onCancelled(c);
          }}
          onClose={() => setCancelling(false)}
        />
      )}
    </li>
  );
}
