import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { AdminPress } from '../../../../domain/admin-press.ts';
import {
  createArticle,
  deleteArticle,
  fetchArticle,
  setArticlePublished,
  updateArticle,
} from '../../../api/admin-press.ts';
import { paths } from '../../../shared/paths.ts';
import { LoadPending } from '../ui/LoadFailed.tsx';
import { Notice } from '../ui/Notices.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useLoad } from '../../../shared/use-load.ts';
import { ArticleForm, emptyArticle, valuesOf } from './ArticleForm.tsx';
import { BackToList, base, PublishedChip } from './press-shared.tsx';
import { useAction } from '../ui/use-action.ts';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';

export function NewArticle() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <section className="console-page">
      <BackToList />
      <PageHeader title={t('ops.press.newTitle')} intro={t('ops.press.newIntro')} />
      <ArticleForm
        initial={emptyArticle}
        submitLabel={t('ops.press.create')}
        onSubmit={async (values) => {
          const article = await createArticle(values);
          await navigate(`${base}/${article.id}`);
        }}
      />
    </section>
  );
}

export function EditArticle() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const load = useLoad(() => fetchArticle(id), id);
  const state = load.state;
  if (state.status !== 'ready')
    return (
      <LoadPending state={state} loadingLabel={t('ops.press.loading')} head={<BackToList />} onRetry={load.retry} />
    );
  return <ArticleEditor key={state.value.id} article={state.value} onChange={load.set} />;
}

type Confirm = null | 'publish' | 'unpublish' | 'delete';

function ArticleEditor({ article, onChange }: { article: AdminPress; onChange: (a: AdminPress) => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { busy, error, setError, run: runAction } = useAction();
  const publicPath = paths.pressDetails.replace(':id', article.id).replace(':slug', article.slug);

  const run = async () => {
    if (!confirm) return;
    await runAction(async () => {
      if (confirm === 'delete') {
        await deleteArticle(article.id);
        await navigate(base);
        return;
      }
      const updated = await setArticlePublished(article.id, confirm === 'publish');
      onChange(updated);
      setNotice(t(confirm === 'publish' ? 'ops.press.donePublish' : 'ops.press.doneUnpublish'));
      setConfirm(null);
    });
  };

  return (
    <section className="console-page">
      <BackToList />
      <header className="console-page__header">
        <h1>{article.titleEn}</h1>
        <p>
          <PublishedChip published={article.isPublished} />
          {article.isPublished && (
            <a href={publicPath} target="_blank" rel="noreferrer">
              {t('ops.press.view')}
            </a>
          )}
        </p>
      </header>
      <Notice text={notice} />
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
      <ConfirmAction
        open={confirm !== null}
        title={confirm === null ? '' : t(`ops.press.confirm.${confirm}Title`)}
        confirmLabel={confirm === null ? '' : t(`ops.press.${confirm}`)}
        text={confirm === null ? '' : t(`ops.press.confirm.${confirm}Text`)}
        busy={busy}
        error={error}
        onConfirm={() => void run()}
        onCancel={() => {
          setConfirm(null);
          setError(null);
        }}
      />
    </section>
  );
}
