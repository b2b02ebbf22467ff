import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import type { UserSummary } from '../../../../domain/admin-users.ts';
import { SERVER_ERROR_MESSAGES } from '../../../../domain/api-errors.ts';
import type { StaffRole } from '../../../../domain/roles.ts';
import { fetchAuditPage, grantRole, revokeRole } from '../../../api/admin.ts';
import { deleteUser, fetchUser, restoreUser, searchUsers, suspendUser } from '../../../api/admin-users.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { paths } from '../../../shared/paths.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { useLoad } from '../../../shared/use-load.ts';
import { InputField } from '../ui/ConsoleFields.tsx';
import { FilterBar } from '../ui/FilterBar.tsx';
import { LoadFailed, LoadPending } from '../ui/LoadFailed.tsx';
import { ActionError, Notice } from '../ui/Notices.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';

/** Admin > Users: find an account (phone, e-mail, name), then its page. */
export default function UsersPage() {
  return (
    <Routes>
      <Route index element={<UserSearch />} />
      <Route path=":id" element={<UserPage />} />
    </Routes>
  );
}

function useIstShort() {
  const { i18n } = useTranslation('admin');
  return (at: number) => formatIstShort(new Date(at), currentLanguage(i18n));
}

function UserSearch() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [tooShort, setTooShort] = useState(false);
  const search = useLoad(() => searchUsers(q), q.trim().length >= 2 ? q : null);
  const result = search.state;

  const onSubmit = () => {
    const query = text.trim();
    setTooShort(query.length < 2);
    if (query.length < 2) return;
    if (query === q) search.retry();
    else setParams({ q: query });
  };

  return (
    <section className="console-page">
      <PageHeader title={t('ops.users.title')} intro={t('ops.users.intro')} />
      <FilterBar label={t('ops.users.search')} applyLabel={t('ops.users.find')} onApply={onSubmit} noValidate>
        <InputField
          id="users-q"
          label={t('ops.users.query')}
          value={text}
          onChange={setText}
          autoComplete="off"
          spellCheck={false}
          invalidMessage={tooShort ? t('ops.users.tooShort') : null}
        />
      </FilterBar>
      {result.status === 'loading' ? (
        <Spinner label={t('ops.users.searching')} />
      ) : result.status === 'failed' ? (
        <LoadFailed message={errorMessageOf(result.error, t('list.failed'))} onRetry={search.retry} />
      ) : result.status === 'ready' ? (
        result.value.length === 0 ? (
          <p className="console-empty">{t('ops.users.none', { q })}</p>
        ) : (
          <ul className="console-cards" aria-label={t('ops.users.results')}>
            {result.value.map((user) => (
              <li key={user.id} className="console-card">
                <Link to={`${paths.admin}/users/${user.id}?q=${encodeURIComponent(q)}`} className="console-card__title">
                  {user.firstName} {user.lastName}
                </Link>
                <p className="console-card__meta">
                  {user.phone} · {user.email}
                </p>
                <p className="console-card__tags">
                  <AccountStatus status={user.status} />
                  {user.roles.map((role) => (
                    <span key={role} className="chip chip--quiet">
                      {t(`ops.users.roles.${role}`)}
                    </span>
                  ))}
                </p>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

function AccountStatus({ status }: { status: UserSummary['status'] }) {
  const { t } = useTranslation('admin');
  return <StatusChip tone={status} label={t(`ops.users.status.${status}`)} />;
}

type Dialog = null | 'suspend' | 'restore' | 'delete';

/** The deletion's refusals the page words itself, known by the server's English text. */
function deleteRefusalKey(text: string) {
  if (text === SERVER_ERROR_MESSAGES.cannotDeleteSelf) return 'ops.users.deleteRefused.self' as const;
  if (text === SERVER_ERROR_MESSAGES.cannotDeleteStaff) return 'ops.users.deleteRefused.staff' as const;
  if (text === SERVER_ERROR_MESSAGES.userAlreadyDeleted) return 'ops.users.deleteRefused.alreadyDeleted' as const;
  return undefined;
}

function UserPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const q = params.get('q');
  const at = useIstShort();
  const load = useLoad(() => fetchUser(id), id);
  const user = load.state;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const [roleBusy, setRoleBusy] = useState(false);
  const [changes, setChanges] = useState(0);

  const back = (
    <Link to={q ? `${paths.admin}/users?q=${encodeURIComponent(q)}` : `${paths.admin}/users`} className="console-back">
      {t('ops.users.back')}
    </Link>
  );

  if (user.status !== 'ready')
    return <LoadPending state={user} loadingLabel={t('ops.users.loading')} head={back} onRetry={load.retry} />;

  const u = user.value;
  const name = `${u.firstName} ${u.lastName}`;

  const changeRole = async (role: StaffRole, give: boolean) => {
    setRoleBusy(true);
    setRoleError(null);
    setNotice(null);
    try {
      const roles = give ? await grantRole(u.id, role) : await revokeRole(u.id, role);
      load.set({ ...u, roles });
      setNotice(t(give ? 'ops.users.roleGiven' : 'ops.users.roleTaken', { role: t(`ops.users.roles.${role}`), name }));
      setChanges((n) => n + 1);
    } catch (error) {
      setRoleError(errorMessageOf(error, t('ops.actionFailed')));
    } finally {
      setRoleBusy(false);
    }
  };

  const act = (kind: 'suspend' | 'restore' | 'delete') => async (reason: string) => {
    const updated =
      kind === 'suspend'
        ? await suspendUser(u.id, reason)
        : kind === 'delete'
          ? await deleteUser(u.id, reason)
          : await restoreUser(u.id, reason);
    load.set(updated);
    setDialog(null);
    setNotice(
      t(
        kind === 'suspend' ? 'ops.users.suspended' : kind === 'delete' ? 'ops.users.deletedDone' : 'ops.users.restored',
        {
          name,
        },
      ),
    );
    setChanges((n) => n + 1);
  };
  const isStaff = u.roles.length > 0;
  const deleteAction = isStaff ? (
    <p role="note">{t('ops.users.deleteStaff')}</p>
  ) : (
    <>
      <p>{t('ops.users.deleteIntro')}</p>
      <button type="button" className="button button--danger" onClick={() => setDialog('delete')}>
        {t('ops.users.delete')}
      </button>
    </>
  );

  return (
    <section className="console-page">
      {back}
      <header className="console-page__header">
        <h1>{name}</h1>
        <p>
          <AccountStatus status={u.status} />
        </p>
      </header>
      <Notice text={notice} />
      <div className="console-panel">
        <dl className="console-facts">
          <dt>{t('ops.users.phone')}</dt>
          <dd>{u.phone}</dd>
          <dt>{t('ops.users.email')}</dt>
          <dd>{u.email}</dd>
          <dt>{t('ops.users.signedUp')}</dt>
          <dd>
            {t('ops.users.atIst', { time: at(u.createdAt) })} · {t(`ops.users.method.${u.signupMethod}`)}
          </dd>
          <dt>{t('ops.users.tickets')}</dt>
          <dd>{u.ticketCount}</dd>
          <dt>{t('ops.users.payments')}</dt>
          <dd>{u.paymentCount}</dd>
          <dt>{t('ops.users.id')}</dt>
          <dd>
            <code>{u.id}</code>
          </dd>
        </dl>
      </div>

      <div className="console-panel">
        <h2>{t('ops.users.accountTitle')}</h2>
        {u.status === 'active' && (
          <>
            <p>{t('ops.users.activeText')}</p>
            <button type="button" className="button button--danger" onClick={() => setDialog('suspend')}>
              {t('ops.users.suspend')}
            </button>
            {deleteAction}
          </>
        )}
        {u.status === 'suspended' && (
          <>
            <p>
              {u.suspendReason
                ? t('ops.users.suspendedBecause', {
                    reason: u.suspendReason,
                    time: u.suspendedAt ? at(u.suspendedAt) : '',
                  })
                : t('ops.users.deactivatedBySelf')}
            </p>
            <button type="button" className="button button--primary" onClick={() => setDialog('restore')}>
              {t('ops.users.restore')}
            </button>
            {deleteAction}
          </>
        )}
        {u.status === 'deleted' && (
          <>
            {u.erasedAt !== null ? (
              <p role="note">{t('ops.users.erased', { time: at(u.erasedAt) })}</p>
            ) : u.restorable && u.restoreUntil !== null ? (
              <>
                <p>{t('ops.users.deletedRestorable', { time: at(u.restoreUntil) })}</p>
                <button type="button" className="button button--primary" onClick={() => setDialog('restore')}>
                  {t('ops.users.restore')}
                </button>
              </>
            ) : (
              <p role="note">{t('ops.users.retentionPassed')}</p>
            )}
          </>
        )}
      </div>

      <div className="console-panel">
        <h2>{t('ops.users.rolesTitle')}</h2>
        {u.status !== 'active' && <p className="muted">{t('ops.users.rolesOnlyActive')}</p>}
        <ul className="console-roles">
          {(['judge', 'admin'] as const).map((role) => {
            const held = u.roles.includes(role);
            return (
              <li key={role}>
                <span>
                  {t(`ops.users.roles.${role}`)}: <strong>{held ? t('ops.users.held') : t('ops.users.notHeld')}</strong>
                </span>
                <button
                  type="button"
                  className={`button ${held ? 'button--ghost' : 'button--primary'}`}
                  disabled={roleBusy || (!held && u.status !== 'active')}
                  onClick={() => void changeRole(role, !held)}
                >
                  {t(held ? 'ops.users.take' : 'ops.users.give', { role: t(`ops.users.roles.${role}`) })}
                </button>
              </li>
            );
          })}
        </ul>
        <ActionError text={roleError} />
      </div>

      <UserHistory userId={u.id} version={changes} />

      <ReasonDialog
        open={dialog === 'suspend'}
        title={t('ops.users.suspendTitle', { name })}
        text={t('ops.users.suspendText')}
        confirmLabel={t('ops.users.suspend')}
        danger
        onConfirm={act('suspend')}
        onCancel={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'delete'}
        title={t('ops.users.deleteTitle', { name })}
        text={t('ops.users.deleteText', { name })}
        confirmLabel={t('ops.users.delete')}
        danger
        onConfirm={act('delete')}
        onCancel={() => setDialog(null)}
        translate={(text) => {
          const key = deleteRefusalKey(text);
          return key ? t(key) : undefined;
        }}
      />
      <ReasonDialog
        open={dialog === 'restore'}
        title={t('ops.users.restoreTitle', { name })}
        text={t('ops.users.restoreText')}
        confirmLabel={t('ops.users.restore')}
        onConfirm={act('restore')}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}

/** The console's changes to this account (suspensions, deletions, restores, roles), newest first, from the audit log. */
function UserHistory({ userId, version }: { userId: string; version: number }) {
  const { t } = useTranslation('admin');
  const at = useIstShort();
  const load = useLoad(() => fetchAuditPage({ targetType: 'user', targetId: userId }, null), `${userId}:${version}`);
  const state = load.state;
  return (
    <div className="console-panel">
      <h2>{t('ops.users.historyTitle')}</h2>
      {state.status === 'loading' || state.status === 'idle' ? (
        <p className="muted">{t('ops.users.historyLoading')}</p>
      ) : state.status === 'failed' ? (
        <p role="alert" className="console-list__error">
          {t('ops.users.historyFailed')}{' '}
          <button type="button" className="button button--ghost" onClick={load.retry}>
            {t('retry')}
          </button>
        </p>
      ) : state.value.items.length === 0 ? (
        <p className="muted">{t('ops.users.historyEmpty')}</p>
      ) : (
        <ul className="console-history" aria-label={t('ops.users.historyTitle')}>
          {state.value.items.map((entry) => (
            <li key={entry.id}>
              <span className="muted">
                {t('ops.users.atIst', { time: at(Date.parse(entry.at)) })} · {entry.actorName}
              </span>
              <br />
              {entry.summary}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
