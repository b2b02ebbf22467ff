import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import {
  type AdminPress,
  epochToIstDate,
  PRESS_ADMIN_MESSAGES,
  type PressInput,
  pressInputSchema,
} from '../../../../domain/admin-press.ts';
import {
  createArticle,
  deleteArticle,
  fetchArticle,
  fetchPressPage,
  setArticlePublished,
  updateArticle,
} from '../../../api/admin-press.ts';
import { errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { paths } from '../../../app/paths.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../../../ui/Field.tsx';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ListFooter } from '../ListFooter.tsx';
import { useLoad } from '../use-load.ts';
import { usePagedList } from '../use-paged-list.ts';

const base = `${paths.admin}/press`;
const FIELDS = [
  'outlet',
  'slug',
  'titleEn',
  'titleHi',
  'summaryEn',
  'summaryHi',
  'bodyEn',
  'bodyHi',
  'sourceUrl',
  'publishedOn',
] as const;

/** Admin > Press: the articles of /in_the_press, in English and Hindi. */
export default function PressAdminPage() {
  return (
    <Routes>
      <Route index element={<ArticleList />} />
      <Route path="new" element={<NewArticle />} />
      <Route path=":id" element={<EditArticle />} />
    </Routes>
  );
}

function usePressError() {
  const { t } = useTranslation('admin');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = (Object.keys(PRESS_ADMIN_MESSAGES) as Array<keyof typeof PRESS_ADMIN_MESSAGES>).find(
      (k) => PRESS_ADMIN_MESSAGES[k] === message,
    );
    return key ? t(`ops.press.errors.${key}`) : message;
  };
}

function ArticleList() {
  const { t, i18n } = useTranslation('admin');
  const list = usePagedList(fetchPressPage);
  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1>{t('ops.press.title')}</h1>
        <p className="muted">{t('ops.press.intro')}</p>
      </header>
      <p>
        <Link to={`${base}/new`} className="button button--primary">
          {t('ops.press.new')}
        </Link>
      </p>
      {list.loading ? (
        <Spinner label={t('ops.press.loading')} />
      ) : list.failed ? (
        <div className="console-empty">
          <p role="alert">{t('list.failed')}</p>
          <button type="button" className="button button--primary" onClick={list.retry}>
            {t('retry')}
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p className="console-empty">{t('ops.press.empty')}</p>
      ) : (
        <>
          <ul className="console-cards" aria-label={t('ops.press.title')}>
            {list.items.map((a) => (
              <li key={a.id} className="console-card">
                <Link to={`${base}/${a.id}`} className="console-card__title">
                  {a.titleEn}
                </Link>
                <p className="console-card__meta">
                  {a.outlet} · {formatIstShort(new Date(a.publishedAt), currentLanguage(i18n)).replace(/,.*$/, '')}
                </p>
                <p className="console-card__tags">
                  <span className={`chip status-chip status-chip--${a.isPublished ? 'active' : 'inactive'}`}>
                    {t(a.isPublished ? 'ops.press.published' : 'ops.press.draft')}
                  </span>
                  {a.titleHi.trim() === '' && <span className="chip chip--quiet">{t('ops.press.noHindi')}</span>}
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

const empty: PressInput = {
  outlet: '',
  slug: '',
  titleEn: '',
  titleHi: '',
  summaryEn: '',
  summaryHi: '',
  bodyEn: '',
  bodyHi: '',
  sourceUrl: '',
  publishedOn: '',
};

function valuesOf(a: AdminPress): PressInput {
  return {
    outlet: a.outlet,
    slug: a.slug,
    titleEn: a.titleEn,
    titleHi: a.titleHi,
    summaryEn: a.summaryEn,
    summaryHi: a.summaryHi,
    bodyEn: a.bodyEn,
    bodyHi: a.bodyHi,
    sourceUrl: a.sourceUrl ?? '',
    publishedOn: epochToIstDate(a.publishedAt),
  };
}

function ArticleForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: PressInput;
  submitLabel: string;
  onSubmit: (values: PressInput) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const err = usePressError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PressInput>({ resolver: zodResolver(pressInputSchema), defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
      reset(values);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const known = Object.entries(fields).filter(([field]) => (FIELDS as readonly string[]).includes(field));
      for (const [field, message] of known) setError(field as Path<PressInput>, { type: 'server', message });
      if (known.length === 0) setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  return (
    <form className="console-panel console-form" onSubmit={submit} noValidate aria-label={t('ops.press.formLabel')}>
      <div className="console-form__row">
        <TextField label={t('ops.press.outlet')} error={err(errors.outlet?.message)} {...register('outlet')} />
        <TextField
          label={t('ops.press.publishedOn')}
          type="date"
          error={err(errors.publishedOn?.message)}
          {...register('publishedOn')}
        />
      </div>
      <TextField
        label={t('ops.press.sourceUrl')}
        hint={t('ops.press.sourceUrlHint')}
        type="url"
        inputMode="url"
        error={err(errors.sourceUrl?.message)}
        {...register('sourceUrl')}
      />
      <TextField
        label={t('ops.press.slug')}
        hint={t('ops.press.slugHint')}
        spellCheck={false}
        autoComplete="off"
        error={err(errors.slug?.message)}
        {...register('slug')}
      />
      <fieldset className="console-fieldset">
        <legend>{t('ops.press.english')}</legend>
        <TextField label={t('ops.press.titleEn')} error={err(errors.titleEn?.message)} {...register('titleEn')} />
        <TextAreaField
          label={t('ops.press.summaryEn')}
          rows={2}
          error={err(errors.summaryEn?.message)}
          {...register('summaryEn')}
        />
        <TextAreaField
          label={t('ops.press.bodyEn')}
          hint={t('ops.press.bodyHint')}
          rows={8}
          error={err(errors.bodyEn?.message)}
          {...register('bodyEn')}
        />
      </fieldset>
      <fieldset className="console-fieldset" lang="hi">
        <legend>{t('ops.press.hindi')}</legend>
        <p className="muted">{t('ops.press.hindiHint')}</p>
        <TextField label={t('ops.press.titleHi')} error={err(errors.titleHi?.message)} {...register('titleHi')} />
        <TextAreaField
          label={t('ops.press.summaryHi')}
          rows={2}
          error={err(errors.summaryHi?.message)}
          {...register('summaryHi')}
        />
        <TextAreaField
          label={t('ops.press.bodyHi')}
          rows={8}
          error={err(errors.bodyHi?.message)}
          {...register('bodyHi')}
        />
      </fieldset>
      {failure && (
        <p role="alert" className="console-list__error">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? t('ops.working') : submitLabel}
      </button>
    </form>
  );
}

function BackToList() {
  const { t } = useTranslation('admin');
  return (
    <Link to={base} className="console-back">
      {t('ops.press.back')}
    </Link>
  );
}

function NewArticle() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>{t('ops.press.newTitle')}</h1>
        <p className="muted">{t('ops.press.newIntro')}</p>
      </header>
      <ArticleForm
        initial={empty}
        submitLabel={t('ops.press.create')}
        onSubmit={async (values) => {
          const article = await createArticle(values);
          await navigate(`${base}/${article.id}`);
        }}
      />
    </section>
  );
}

function EditArticle() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const load = useLoad(() => fetchArticle(id), id);
  const state = load.state;
  if (state.status === 'loading' || state.status === 'idle') return <Spinner label={t('ops.press.loading')} />;
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
  return <ArticleEditor key={state.value.id} article={state.value} onChange={load.set} />;
}

type Confirm = null | 'publish' | 'unpublish' | 'delete';

function ArticleEditor({ article, onChange }: { article: AdminPress; onChange: (a: AdminPress) => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const publicPath = paths.pressDetails.replace(':id', article.id).replace(':slug', article.slug);

  const run = async () => {
    if (!confirm) return;
    setBusy(true);
    setError(null);
    try {
      if (confirm === 'delete') {
        await deleteArticle(article.id);
        await navigate(base);
        return;
      }
      const updated = await setArticlePublished(article.id, confirm === 'publish');
      onChange(updated);
      setNotice(t(confirm === 'publish' ? 'ops.press.donePublish' : 'ops.press.doneUnpublish'));
      setConfirm(null);
    } catch (e) {
      setError(errorMessageOf(e, t('ops.actionFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>{article.titleEn}</h1>
        <p>
          <span className={`chip status-chip status-chip--${article.isPublished ? 'active' : 'inactive'}`}>
            {t(article.isPublished ? 'ops.press.published' : 'ops.press.draft')}
          </span>
          {article.isPublished && (
            <a href={publicPath} target="_blank" rel="noreferrer">
              {t('ops.press.view')}
            </a>
          )}
        </p>
      </header>
      {notice && (
        <p role="status" className="console-notice">
          {notice}
        </p>
      )}
      <div className="console-panel console-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setConfirm(article.isPublished ? 'unpublish' : 'publish')}
        >
          {t(article.isPublished ? 'ops.press.unpublish' : 'ops.press.publish')}
        </button>
        <button type="button" className="button button--danger" onClick={() => setConfirm('delete')}>
          {t('ops.press.delete')}
        </button>
      </div>
      <ArticleForm
        initial={valuesOf(article)}
        submitLabel={t('ops.press.save')}
        onSubmit={async (values) => {
          const updated = await updateArticle(article.id, values);
          onChange(updated);
          setNotice(t('ops.press.saved'));
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === null ? '' : t(`ops.press.confirm.${confirm}Title`)}
        confirmLabel={confirm === null ? '' : t(`ops.press.${confirm}`)}
        cancelLabel={t('ops.cancel')}
        busy={busy}
        busyLabel={t('ops.working')}
        onConfirm={() => void run()}
        onCancel={() => {
          setConfirm(null);
          setError(null);
        }}
      >
        <p>{confirm === null ? '' : t(`ops.press.confirm.${confirm}Text`)}</p>
        {error && (
          <p role="alert" className="console-list__error">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
