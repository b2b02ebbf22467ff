import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import type { ContactMessage } from '../../../../domain/admin-messages.ts';
import { fetchMessage, fetchMessagePage, setMessageAnswered } from '../../../api/admin-messages.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { paths } from '../../../shared/paths.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { PagedListView } from '../ui/PagedListView.tsx';
import { useLoad } from '../../../shared/use-load.ts';
import { usePagedList } from '../use-paged-list.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { SelectField } from '../ui/ConsoleFields.tsx';
import { FilterBar } from '../ui/FilterBar.tsx';
import { LoadPending } from '../ui/LoadFailed.tsx';
import { ActionError, Notice } from '../ui/Notices.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useAction } from '../ui/use-action.ts';

const base = `${paths.admin}/inbox`;

/** Admin > Contact inbox: what visitors sent through /contact_us, open ones first by default. */
export default function InboxPage() {
  return (
    <Routes>
      <Route index element={<MessageList />} />
      <Route path=":id" element={<MessageView />} />
    </Routes>
  );
}

function useAt() {
  const { i18n } = useTranslation('admin');
  return (ms: number) => formatIstShort(new Date(ms), currentLanguage(i18n));
}

function MessageStatus({ status }: { status: ContactMessage['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <StatusChip
      tone={status === 'open' ? 'suspended' : 'active'}
      label={t(status === 'open' ? 'ops.inbox.open' : 'ops.inbox.answered')}
    />
  );
}

function MessageList() {
  const { t } = useTranslation('admin');
  const list = usePagedList(fetchMessagePage, { status: 'open' });
  const [status, setStatus] = useState('open');
  const at = useAt();

  return (
    <section className="console-page">
      <PageHeader title={t('ops.inbox.title')} intro={t('ops.inbox.intro')} />
      <FilterBar label={t('ops.inbox.filters')} applyLabel={t('audit.apply')} onApply={() => list.filter({ status })}>
        <SelectField id="inbox-status" label={t('ops.inbox.show')} value={status} onChange={setStatus}>
          <option value="open">{t('ops.inbox.openOnly')}</option>
          <option value="answered">{t('ops.inbox.answeredOnly')}</option>
          <option value="">{t('ops.inbox.all')}</option>
        </SelectField>
      </FilterBar>
      <PagedListView list={list} loadingLabel={t('ops.inbox.loading')} emptyText={t('ops.inbox.empty')}>
        {(items) => (
          <ul className="console-cards" aria-label={t('ops.inbox.title')}>
            {items.map((m) => (
              <li key={m.id} className="console-card">
                <Link to={`${base}/${m.id}`} className="console-card__title">
                  {m.subject}
                </Link>
                <p className="console-card__meta">{t('ops.inbox.from', { email: m.email, time: at(m.createdAt) })}</p>
                <p className="console-card__excerpt">
                  {m.message.length > 140 ? `${m.message.slice(0, 140)}…` : m.message}
                </p>
                <p className="console-card__tags">
                  <MessageStatus status={m.status} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedListView>
    </section>
  );
}

function MessageView() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const load = useLoad(() => fetchMessage(id), id);
  const at = useAt();
  const { busy, error, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const back = (
    <Link to={base} className="console-back">
      {t('ops.inbox.back')}
    </Link>
  );
  const state = load.state;
  if (state.status !== 'ready')
    return <LoadPending state={state} loadingLabel={t('ops.inbox.loading')} head={back} onRetry={load.retry} />;
  const m = state.value;

  const toggle = () => {
    setNotice(null);
    return run(async () => {
      const updated = await setMessageAnswered(m.id, m.status === 'open');
      load.set(updated);
      setNotice(t(updated.status === 'answered' ? 'ops.inbox.markedAnswered' : 'ops.inbox.reopened'));
    });
  };

  return (
    <section className="console-page">
      {back}
      <header className="console-page__header">
        <h1>{m.subject}</h1>
        <p>
          <MessageStatus status={m.status} />
        </p>
      </header>
      <Notice text={notice} />
      <div className="console-panel">
        <dl className="console-facts">
          <dt>{t('ops.inbox.received')}</dt>
          <dd>{t('ops.users.atIst', { time: at(m.createdAt) })}</dd>
          <dt>{t('ops.users.email')}</dt>
          <dd>
            <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
          </dd>
          <dt>{t('ops.users.phone')}</dt>
          <dd>
            <a href={`tel:${m.phone}`}>{m.phone}</a>
          </dd>
          <dt>{t('ops.inbox.language')}</dt>
          <dd>{m.language === 'hi' ? 'हिन्दी' : 'English'}</dd>
          {m.answeredAt !== null && (
            <>
              <dt>{t('ops.inbox.answeredAt')}</dt>
              <dd>{t('ops.inbox.answeredByAt', { name: m.answeredBy ?? '—', time: at(m.answeredAt) })}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="console-panel">
        <h2>{t('ops.inbox.message')}</h2>
        <p className="console-message-text">{m.message}</p>
      </div>
      <div className="console-actions">
        <a
          className="button button--ghost"
          href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
        >
          {t('ops.inbox.reply')}
        </a>
        <button
          type="button"
          className={`button ${m.status === 'open' ? 'button--primary' : 'button--ghost'}`}
          onClick={() => void toggle()}
          disabled={busy}
        >
          {busy ? t('ops.working') : t(m.status === 'open' ? 'ops.inbox.markAnswered' : 'ops.inbox.reopen')}
        </button>
      </div>
      <ActionError text={error} />
    </section>
  );
}
