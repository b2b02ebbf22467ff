import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import {
  type FieldValues,
  type Path,
  useForm,
  type UseFormRegisterReturn,
  type UseFormSetError,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import {
  type AdminPromo,
  epochToIstLocal,
  PROMO_ADMIN_MESSAGES,
  type PromoCreate,
  type PromoCreateInput,
  promoCreateSchema,
  type PromoUpdate,
  type PromoUpdateInput,
  promoUpdateSchema,
} from '../../../../domain/admin-promos.ts';
import { createPromo, fetchPromo, fetchPromoPage, setPromoActive, updatePromo } from '../../../api/admin-promos.ts';
import { errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { paths } from '../../../app/paths.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ListFooter } from '../ListFooter.tsx';
import { useLoad } from '../use-load.ts';
import { usePagedList } from '../use-paged-list.ts';

const base = `${paths.admin}/promos`;

/** Admin > Promo codes: the list with usage, a new code, a code's limits and dates. */
export default function PromosPage() {
  return (
    <Routes>
      <Route index element={<PromoList />} />
      <Route path="new" element={<NewPromo />} />
      <Route path=":code" element={<EditPromo />} />
    </Routes>
  );
}

/** The rule's words in the reader's language (the messages come from domain/ or the server). */
function usePromoError() {
  const { t } = useTranslation('admin');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = (Object.keys(PROMO_ADMIN_MESSAGES) as Array<keyof typeof PROMO_ADMIN_MESSAGES>).find(
      (k) => PROMO_ADMIN_MESSAGES[k] === message,
    );
    if (key) return t(`ops.promos.errors.${key}`);
    const below = /below the (\d+) uses/.exec(message);
    return below ? t('ops.promos.errors.belowUses', { uses: below[1] }) : message;
  };
}

function useDiscount() {
  const { t } = useTranslation('admin');
  return (p: AdminPromo) =>
    p.kind === 'percent'
      ? p.capPaise === null
        ? t('ops.promos.percentOff', { value: p.basisPoints / 100 })
        : t('ops.promos.percentOffCapped', { value: p.basisPoints / 100, cap: p.capPaise / 100 })
      : t('ops.promos.flatOff', { value: p.amountPaise / 100 });
}

function PromoList() {
  const { t, i18n } = useTranslation('admin');
  const list = usePagedList(fetchPromoPage);
  const [status, setStatus] = useState('');
  const discount = useDiscount();
  const at = (ms: number) => formatIstShort(new Date(ms), currentLanguage(i18n));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    list.filter({ status });
  };

  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1>{t('ops.promos.title')}</h1>
        <p className="muted">{t('ops.promos.intro')}</p>
      </header>
      <p>
        <Link to={`${base}/new`} className="button button--primary">
          {t('ops.promos.new')}
        </Link>
      </p>
      <form className="console-filters" onSubmit={onSubmit} role="search" aria-label={t('ops.promos.filters')}>
        <div className="field">
          <label className="field__label" htmlFor="promo-status">
            {t('ops.promos.show')}
          </label>
          <select id="promo-status" className="field__input" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('ops.promos.all')}</option>
            <option value="active">{t('ops.promos.activeOnly')}</option>
            <option value="inactive">{t('ops.promos.inactiveOnly')}</option>
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {t('audit.apply')}
        </button>
      </form>
      {list.loading ? (
        <Spinner label={t('ops.promos.loading')} />
      ) : list.failed ? (
        <div className="console-empty">
          <p role="alert">{t('list.failed')}</p>
          <button type="button" className="button button--primary" onClick={list.retry}>
            {t('retry')}
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p className="console-empty">{t('ops.promos.empty')}</p>
      ) : (
        <>
          <ul className="console-cards" aria-label={t('ops.promos.title')}>
            {list.items.map((p) => (
              <li key={p.code} className="console-card">
                <Link to={`${base}/${encodeURIComponent(p.code)}`} className="console-card__title">
                  <code>{p.code}</code>
                </Link>
                <p className="console-card__meta">{discount(p)}</p>
                <p className="console-card__meta">
                  {t('ops.promos.valid', { from: at(p.validFrom), until: at(p.validUntil) })}
                </p>
                <p className="console-card__meta">
                  {p.maxUses === null
                    ? t('ops.promos.usesNoLimit', { uses: p.uses })
                    : t('ops.promos.usesOf', { uses: p.uses, max: p.maxUses })}
                  {p.maxUsesPerUser !== null && ` · ${t('ops.promos.perPerson', { max: p.maxUsesPerUser })}`}
                </p>
                <p className="console-card__tags">
                  <span className={`chip status-chip status-chip--${p.isActive ? 'active' : 'inactive'}`}>
                    {t(p.isActive ? 'ops.promos.active' : 'ops.promos.inactive')}
                  </span>
                </p>
              </li>
            ))}
          </ul>
          <ListFooter
            count={list.items.length}
            hasMore={list.hasMore}
            loadingMore={list.loadingMore}
            error={list.error}
            onMore={list.more}
          />
        </>
      )}
    </section>
  );
}

/** Puts the server's field refusals under their fields; what is left is said above the buttons. */
function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  const byField = fieldErrorsOf(error);
  let placed = false;
  for (const [field, message] of Object.entries(byField)) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}

const LIMIT_FIELDS = ['capRupees', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerUser'] as const;

type LimitField = (typeof LIMIT_FIELDS)[number];

function LimitFields({
  register,
  errors,
  kind,
}: {
  register: (name: LimitField) => UseFormRegisterReturn;
  errors: Partial<Record<LimitField, { message?: string | undefined }>>;
  kind: string;
}) {
  const { t } = useTranslation('admin');
  const err = usePromoError();
  return (
    <>
      {kind === 'percent' && (
        <TextField
          label={t('ops.promos.cap')}
          hint={t('ops.promos.capHint')}
          inputMode="decimal"
          error={err(errors.capRupees?.message)}
          {...register('capRupees')}
        />
      )}
      <div className="console-form__row">
        <TextField
          label={t('ops.promos.validFrom')}
          type="datetime-local"
          error={err(errors.validFrom?.message)}
          {...register('validFrom')}
        />
        <TextField
          label={t('ops.promos.validUntil')}
          type="datetime-local"
          error={err(errors.validUntil?.message)}
          {...register('validUntil')}
        />
      </div>
      <div className="console-form__row">
        <TextField
          label={t('ops.promos.maxUses')}
          hint={t('ops.promos.noLimitHint')}
          inputMode="numeric"
          error={err(errors.maxUses?.message)}
          {...register('maxUses')}
        />
        <TextField
          label={t('ops.promos.maxUsesPerUser')}
          hint={t('ops.promos.noLimitHint')}
          inputMode="numeric"
          error={err(errors.maxUsesPerUser?.message)}
          {...register('maxUsesPerUser')}
        />
      </div>
    </>
  );
}

function BackToList() {
  const { t } = useTranslation('admin');
  return (
    <Link to={base} className="console-back">
      {t('ops.promos.back')}
    </Link>
  );
}

function NewPromo() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const err = usePromoError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PromoCreateInput, unknown, PromoCreate>({
    resolver: zodResolver(promoCreateSchema),
    defaultValues: {
      code: '',
      kind: 'percent',
      value: '',
      capRupees: '',
      validFrom: '',
      validUntil: '',
      maxUses: '',
      maxUsesPerUser: '1',
    },
  });
  const kind = useWatch({ control, name: 'kind' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const promo = await createPromo(values);
      await navigate(`${base}/${encodeURIComponent(promo.code)}`, { state: { created: true } });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['code', 'kind', 'value', ...LIMIT_FIELDS]))
        setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>{t('ops.promos.newTitle')}</h1>
        <p className="muted">{t('ops.promos.istNote')}</p>
      </header>
      <form className="console-panel console-form" onSubmit={submit} noValidate>
        <TextField
          label={t('ops.promos.code')}
          hint={t('ops.promos.codeHint')}
          autoComplete="off"
          spellCheck={false}
          error={err(errors.code?.message)}
          {...register('code')}
        />
        <div className="console-form__row">
          <div className="field">
            <label className="field__label" htmlFor="promo-kind">
              {t('ops.promos.kind')}
            </label>
            <select id="promo-kind" className="field__input" {...register('kind')}>
              <option value="percent">{t('ops.promos.kindPercent')}</option>
              <option value="flat">{t('ops.promos.kindFlat')}</option>
            </select>
          </div>
          <TextField
            label={kind === 'flat' ? t('ops.promos.valueFlat') : t('ops.promos.valuePercent')}
            inputMode="decimal"
            error={err(errors.value?.message)}
            {...register('value')}
          />
        </div>
        <LimitFields register={register} errors={errors} kind={kind} />
        {failure && (
          <p role="alert" className="console-list__error">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('ops.working') : t('ops.promos.create')}
        </button>
      </form>
    </section>
  );
}

function EditPromo() {
  const { t } = useTranslation('admin');
  const { code = '' } = useParams();
  const load = useLoad(() => fetchPromo(code), code);
  const state = load.state;
  if (state.status === 'loading' || state.status === 'idle') return <Spinner label={t('ops.promos.loading')} />;
  if (state.status === 'failed') {
    return (
      <section className="console-page">
        <BackToList />
        <div className="console-empty">
          <p role="alert">{errorMessageOf(state.error, t('list.failed'))}</p>
          <button type="button" className="button button--primary" onClick={load.retry}>
            {t('retry')}
          </button>
        </div>
      </section>
    );
  }
  return <PromoEditor key={state.value.code} promo={state.value} onChange={load.set} />;
}

function PromoEditor({ promo, onChange }: { promo: AdminPromo; onChange: (promo: AdminPromo) => void }) {
  const { t } = useTranslation('admin');
  const discount = useDiscount();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);
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
      if (!applyServerErrors(error, setError, LIMIT_FIELDS)) setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  const toggle = async () => {
    setSwitching(true);
    setSwitchError(null);
    try {
      const updated = await setPromoActive(promo.code, !promo.isActive);
      onChange(updated);
      setConfirming(false);
      setNotice(t(updated.isActive ? 'ops.promos.reactivated' : 'ops.promos.deactivated', { code: promo.code }));
    } catch (error) {
      setSwitchError(errorMessageOf(error, t('ops.actionFailed')));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>
          <code>{promo.code}</code>
        </h1>
        <p>
          {discount(promo)} ·{' '}
          <span className={`chip status-chip status-chip--${promo.isActive ? 'active' : 'inactive'}`}>
            {t(promo.isActive ? 'ops.promos.active' : 'ops.promos.inactive')}
          </span>
        </p>
        <p className="muted">
          {promo.maxUses === null
            ? t('ops.promos.usesNoLimit', { uses: promo.uses })
            : t('ops.promos.usesOf', { uses: promo.uses, max: promo.maxUses })}
        </p>
      </header>
      {notice && (
        <p role="status" className="console-notice">
          {notice}
        </p>
      )}
      <form
        className="console-panel console-form"
        onSubmit={submit}
        noValidate
        aria-label={t('ops.promos.limitsTitle')}
      >
        <h2>{t('ops.promos.limitsTitle')}</h2>
        <p className="muted">{t('ops.promos.istNote')}</p>
        <LimitFields register={register} errors={errors} kind={promo.kind} />
        {failure && (
          <p role="alert" className="console-list__error">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('ops.working') : t('ops.promos.save')}
        </button>
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
      <ConfirmDialog
        open={confirming}
        title={t(promo.isActive ? 'ops.promos.deactivateTitle' : 'ops.promos.reactivateTitle', { code: promo.code })}
        confirmLabel={t(promo.isActive ? 'ops.promos.deactivate' : 'ops.promos.reactivate')}
        cancelLabel={t('ops.cancel')}
        busy={switching}
        busyLabel={t('ops.working')}
        onConfirm={() => void toggle()}
        onCancel={() => {
          setConfirming(false);
          setSwitchError(null);
        }}
      >
        <p>{t(promo.isActive ? 'ops.promos.deactivateText' : 'ops.promos.reactivateText')}</p>
        {switchError && (
          <p role="alert" className="console-list__error">
            {switchError}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
