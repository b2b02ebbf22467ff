import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  type AdminPromo,
  epochToIstLocal,
  type PromoUpdate,
  type PromoUpdateInput,
  promoUpdateSchema,
} from '../../../../domain/admin-promos.ts';
import { fetchPromo, setPromoActive, updatePromo } from '../../../api/admin-promos.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { SubmitButton } from '../../../ui/form/SubmitButton.tsx';
import { LoadPending } from '../ui/LoadFailed.tsx';
import { ActionError, Notice } from '../ui/Notices.tsx';
import { placeServerErrors } from '../ui/server-errors.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { LIMIT_FIELDS, LimitFields } from './LimitFields.tsx';
import { BackToList, PromoStatus, useDiscount } from './promo-shared.tsx';
import { useAction } from '../ui/use-action.ts';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';

export function EditPromo() {
  const { t } = useTranslation('admin');
  const { code = '' } = useParams();
  const load = useLoad(() => fetchPromo(code), code);
  const state = load.state;
  if (state.status !== 'ready')
    return (
      <LoadPending state={state} loadingLabel={t('ops.promos.loading')} head={<BackToList />} onRetry={load.retry} />
    );
  return <PromoEditor key={state.value.code} promo={state.value} onChange={load.set} />;
}

function PromoEditor({ promo, onChange }: { promo: AdminPromo; onChange: (promo: AdminPromo) => void }) {
  const { t } = useTranslation('admin');
  const discount = useDiscount();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const switching = useAction();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PromoUpdateInput, unknown, PromoUpdate>({
    resolver: zodResolver(promoUpdateSchema),
    defaultValues: {
      capRupees: promo.capPaise === null ? '' : String(promo.capPaise / 100),
      validFrom: epochToIstLocal(promo.validFrom),
      validUntil: epochToIstLocal(promo.validUntil),
      maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
      maxUsesPerUser: promo.maxUsesPerUser === null ? '' : String(promo.maxUsesPerUser),
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setNotice(null);
    try {
      const updated = await updatePromo(promo.code, values);
      onChange(updated);
      reset(values);
      setNotice(t('ops.promos.saved', { code: promo.code }));
    } catch (error) {
      if (!placeServerErrors(error, setError, LIMIT_FIELDS)) setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  const toggle = () =>
    switching.run(async () => {
      const updated = await setPromoActive(promo.code, !promo.isActive);
      onChange(updated);
      setConfirming(false);
      setNotice(t(updated.isActive ? 'ops.promos.reactivated' : 'ops.promos.deactivated', { code: promo.code }));
    });

  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>
          <code>{promo.code}</code>
        </h1>
        <p>
          {discount(promo)} · <PromoStatus active={promo.isActive} />
        </p>
        <p className="muted">
          {promo.maxUses === null
            ? t('ops.promos.usesNoLimit', { uses: promo.uses })
            : t('ops.promos.usesOf', { uses: promo.uses, max: promo.maxUses })}
        </p>
      </header>
      <Notice text={notice} />
      <form
        className="console-panel console-form"
        onSubmit={submit}
        noValidate
        aria-label={t('ops.promos.limitsTitle')}
      >
        <h2>{t('ops.promos.limitsTitle')}</h2>
        <p className="muted">{t('ops.promos.istNote')}</p>
        <LimitFields register={register} errors={errors} kind={promo.kind} />
        <ActionError text={failure} />
        <SubmitButton busy={isSubmitting} label={t('ops.promos.save')} busyLabel={t('ops.working')} />
      </form>
      <div className="console-panel">
        <p>{t(promo.isActive ? 'ops.promos.deactivateText' : 'ops.promos.reactivateText')}</p>
        <button
          type="button"
          className={`button ${promo.isActive ? 'button--danger' : 'button--primary'}`}
          onClick={() => setConfirming(true)}
        >
          {t(promo.isActive ? 'ops.promos.deactivate' : 'ops.promos.reactivate')}
        </button>
      </div>
      <ConfirmAction
        open={confirming}
        title={t(promo.isActive ? 'ops.promos.deactivateTitle' : 'ops.promos.reactivateTitle', { code: promo.code })}
        confirmLabel={t(promo.isActive ? 'ops.promos.deactivate' : 'ops.promos.reactivate')}
        text={t(promo.isActive ? 'ops.promos.deactivateText' : 'ops.promos.reactivateText')}
        busy={switching.busy}
        error={switching.error}
        onConfirm={() => void toggle()}
        onCancel={() => {
          setConfirming(false);
          switching.setError(null);
        }}
      />
    </section>
  );
}
