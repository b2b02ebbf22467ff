import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { deactivateAccount, deleteAccount, fetchMe } from '../../api/account.ts';
import { logOut } from '../../api/auth.ts';
import { errorMessageOf } from '../../api/http.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { paths } from '../../shared/paths.ts';
import { useLoad } from '../../shared/use-load.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FailureDialog } from '../../ui/form/FormDialogs.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../styles/auth.css';
import { PaymentHistory } from '../payments/PaymentHistory.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SupplyStateSection } from './SupplyStateSection.tsx';

type Closing = 'deactivate' | 'delete';

/**
 * /my_account: the profile and its picture, the password (set or changed), the payments, logout,
 * deactivation and deletion. The entries have their own page, /my_entries (issue 25).
 */
export default function MyAccountPage() {
  const { t } = useTranslation(['account', 'payments']);
  const navigate = useNavigate();
  // A message from the screen that sent the player back here (a password just set).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const load = useLoad(() => fetchMe(), 'me');
  const user = load.state.status === 'ready' ? load.state.value : null;
  const [confirming, setConfirming] = useState<Closing | null>(null);
  const [busy, setBusy] = useState<Closing | 'logout' | null>(null);
  const [failure, setFailure] = useState<{ kind: Closing; text: string } | null>(null);

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  const leave = () => {
    loginMarker.clear();
    void navigate(paths.home, { replace: true });
  };

  const close = async (kind: Closing) => {
    setBusy(kind);
    try {
      await (kind === 'deactivate' ? deactivateAccount() : deleteAccount());
      setConfirming(null);
      loginMarker.clear();
      // The login page carries a notice to the player (as after a password is set): what became
      // of the account, in the site's language (the English is the server's own message).
      void navigate(paths.login, { replace: true, state: { notice: t(`${kind}.done`) } });
    } catch (error) {
      setConfirming(null);
      setBusy(null);
      setFailure({ kind, text: errorMessageOf(error, t(`${kind}.failedFallback`)) });
    }
  };

  const logout = async () => {
    setBusy('logout');
    try {
      await logOut();
    } catch {
      // The marker goes anyway: the server ends the session on its own soon enough.
    }
    leave();
  };

  return (
    <section className="container page account">
      <div className="account__head">
        <h1>{t('title')}</h1>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void logout()}
          disabled={busy === 'logout'}
        >
          {busy === 'logout' ? t('logout.busy') : t('logout.button')}
        </button>
      </div>

      {user && user.roles.length > 0 && (
        <p className="account__card account__console">
          <Link to={paths.admin} className="button button--primary button--small">
            {t('console.open')}
          </Link>{' '}
          <span className="muted">
            {t('console.roles', { roles: user.roles.map((role) => t(`console.role.${role}`)).join(', ') })}
          </span>
        </p>
      )}
      {typeof notice === 'string' && notice !== '' && (
        <p className="account__notice" role="status">
          {notice}
        </p>
      )}
      <p className="account__card account__entries-link">
        <Link to={paths.myEntries} className="button button--accent">
          {t('entriesLink')}
        </Link>{' '}
        <span className="muted">{t('entriesLinkText')}</span>
      </p>
      {user ? (
        <ProfileSection user={user} onChange={load.set} />
      ) : (
        <section className="account__card" aria-label={t('profile.title')}>
          {load.state.status === 'failed' ? (
            <div role="alert">
              <p>{t('loadFailed')}</p>
              <button type="button" className="button button--primary button--small" onClick={load.retry}>
                {t('retry')}
              </button>
            </div>
          ) : (
            <Spinner />
          )}
        </section>
      )}

      {user && <PasswordSection hasPassword={user.hasPassword} />}
      <SupplyStateSection />

      <PaymentHistory />
      <p className="account__card">
        <Link to={paths.payments}>{t('payments.accountLink', { ns: 'payments' })}</Link>
      </p>

      {(['deactivate', 'delete'] as const).map((kind) => (
        <section key={kind} className="account__card account__card--danger" aria-labelledby={`account-${kind}`}>
          <h2 id={`account-${kind}`}>{t(`${kind}.title`)}</h2>
          <p>{t(`${kind}.text`)}</p>
          <button type="button" className="button button--danger" onClick={() => setConfirming(kind)}>
            {t(`${kind}.button`)}
          </button>
        </section>
      ))}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`${confirming}.confirmTitle`) : ''}
        confirmLabel={confirming ? t(`${confirming}.confirm`) : ''}
        cancelLabel={t('cancel')}
        busy={busy === confirming && confirming !== null}
        busyLabel={confirming ? t(`${confirming}.busy`) : undefined}
        onConfirm={() => confirming && void close(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming ? t(`${confirming}.confirmText`) : ''}</p>
      </ConfirmDialog>
      <FailureDialog
        failure={failure?.text ?? null}
        title={failure ? t(`${failure.kind}.failedTitle`) : ''}
        onClose={() => setFailure(null)}
      />
    </section>
  );
}
