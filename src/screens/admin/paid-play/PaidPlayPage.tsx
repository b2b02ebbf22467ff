import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPaidPlay, switchPaidPlay } from '../../../api/admin-users.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { RestrictedStatesPanel } from './RestrictedStatesPanel.tsx';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';
import { LoadPending } from '../ui/LoadFailed.tsx';
import { Notice } from '../ui/Notices.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useAction } from '../ui/use-action.ts';

/** What the confirm step is about to do: on, off, or back to the environment's default (null). */
type Pending = { enabled: boolean | null } | null;

/** Admin > Paid play: the site-wide switch of real-money play, with where its state comes from. */
export default function PaidPlayPage() {
  const { t, i18n } = useTranslation('admin');
  const load = useLoad(fetchPaidPlay, 'paid-play');
  const state = load.state;
  const [pending, setPending] = useState<Pending>(null);
  const { busy, error, setError, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);

  if (state.status !== 'ready')
    return (
      <LoadPending
        state={state}
        loadingLabel={t('ops.paidPlay.loading')}
        head={<h1>{t('ops.paidPlay.title')}</h1>}
        onRetry={load.retry}
      />
    );

  const s = state.value;
  const onOff = (enabled: boolean) => t(enabled ? 'ops.paidPlay.on' : 'ops.paidPlay.off');

  const confirm = async () => {
    if (!pending) return;
    await run(async () => {
      const value = await switchPaidPlay(pending.enabled);
      load.set(value);
      setNotice(
        pending.enabled === null
          ? t('ops.paidPlay.doneDefault', { state: onOff(value.enabled) })
          : t('ops.paidPlay.done', { state: onOff(value.enabled) }),
      );
      setPending(null);
    });
  };

  const dialogTitle =
    pending === null
      ? ''
      : pending.enabled === null
        ? t('ops.paidPlay.confirmDefaultTitle', { state: onOff(s.environmentDefault) })
        : t(pending.enabled ? 'ops.paidPlay.confirmOnTitle' : 'ops.paidPlay.confirmOffTitle');
  const dialogText =
    pending === null
      ? ''
      : pending.enabled === false
        ? t('ops.paidPlay.confirmOffText')
        : pending.enabled === true
          ? t('ops.paidPlay.confirmOnText')
          : t('ops.paidPlay.confirmDefaultText');

  return (
    <section className="console-page">
      <PageHeader title={t('ops.paidPlay.title')} intro={t('ops.paidPlay.intro')} />
      <Notice text={notice} />
      <div className="console-panel">
        <p className={`paid-play-state paid-play-state--${s.enabled ? 'on' : 'off'}`}>
          {t(s.enabled ? 'ops.paidPlay.stateOn' : 'ops.paidPlay.stateOff')}
        </p>
        <p>
          {s.source === 'environment'
            ? t('ops.paidPlay.fromEnvironment', { state: onOff(s.environmentDefault) })
            : t('ops.paidPlay.fromConsole', {
                time: s.updatedAt === null ? '' : formatIstShort(new Date(s.updatedAt), currentLanguage(i18n)),
                state: onOff(s.environmentDefault),
              })}
        </p>
        <div className="console-actions">
          <button
            type="button"
            className={`button ${s.enabled ? 'button--danger' : 'button--primary'}`}
            onClick={() => setPending({ enabled: !s.enabled })}
          >
            {t(s.enabled ? 'ops.paidPlay.switchOff' : 'ops.paidPlay.switchOn')}
          </button>
          {s.source === 'console' && (
            <button type="button" className="button button--ghost" onClick={() => setPending({ enabled: null })}>
              {t('ops.paidPlay.useDefault', { state: onOff(s.environmentDefault) })}
            </button>
          )}
        </div>
      </div>
      <RestrictedStatesPanel />
      <ConfirmAction
        open={pending !== null}
        title={dialogTitle}
        confirmLabel={t('ops.paidPlay.confirm')}
        text={dialogText}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setPending(null);
          setError(null);
        }}
      />
    </section>
  );
}
