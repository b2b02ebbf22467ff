import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router-dom';
import { fetchPressPage } from '../../../api/admin-press.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { EditArticle, NewArticle } from './ArticleEditor.tsx';
import { base, PublishedChip } from './press-shared.tsx';

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

function ArticleList() {
  const { t, i18n } = useTranslation('admin');
  const list = usePagedList(fetchPressPage);
  return (
    <section className="console-page">
      <PageHeader title={t('ops.press.title')} intro={t('ops.press.intro')} />
      <p>
        <Link to={`${base}/new`} className="button button--primary">
          {t('ops.press.new')}
        </Link>
      </p>
      <PagedListView list={list} loadingLabel={t('ops.press.loading')} emptyText={t('ops.press.empty')}>
        {(items) => (
          <ul className="console-cards" aria-label={t('ops.press.title')}>
            {items.map((a) => (
              <li key={a.id} className="console-card">
                <Link to={`${base}/${a.id}`} className="console-card__title">
                  {a.titleEn}
                </Link>
                <p className="console-card__meta">
                  {a.outlet} · {formatIstShort(new Date(a.publishedAt), currentLanguage(i18n)).replace(/,.*$/, '')}
                </p>
                <p className="console-card__tags">
                  <PublishedChip published={a.isPublished} />
                  {a.titleHi.trim() === '' && <span className="chip chip--quiet">{t('ops.press.noHindi')}</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedListView>
    </section>
  );
}
