import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { formatIstLongDate } from '../../ui/format.ts';
import { fetchPressArticle, isNotFound } from '../../api/press.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useLanguageLoad } from '../../shared/use-load.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import NotFoundPage from '../not-found/NotFoundPage.tsx';
import '../../styles/press.css';

export default function PressDetailPage() {
  const { t, i18n } = useTranslation('press');
  const lng = currentLanguage(i18n);
  const { id = '', slug = '' } = useParams();
  const navigate = useNavigate();
  // As on the list: an answer counts only for the request (article, language, retry) it answers.
  const { state, retry } = useLanguageLoad((lang, signal) => fetchPressArticle(id, lang, signal), id);
  const article = state.status === 'ready' ? state.value : null;

  // An old or mistyped slug still finds the article; the address bar then shows the right one.
  useEffect(() => {
    if (article && article.slug !== slug)
      void navigate(generatePath(paths.pressDetails, { id: article.id, slug: article.slug }), { replace: true });
  }, [article, slug, navigate]);

  const notFound = state.status === 'failed' && isNotFound(state.error);
  useEffect(() => {
    if (article) document.title = `${article.title} | ${BRAND.name}`;
    else if (!notFound) document.title = `${t('title')} | ${BRAND.name}`;
  }, [article, notFound, t]);

  if (notFound) return <NotFoundPage />;

  const back = (
    <p className="press-back">
      <Link to={paths.inThePress}>{t('detail.back')}</Link>
    </p>
  );

  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <section className="container page press">
        {back}
        <Spinner />
      </section>
    );
  }

  if (state.status === 'failed') {
    return (
      <section className="container page press">
        {back}
        <div className="press-state">
          <div role="alert">
            <h1 className="press-state__title">{t('detail.errorTitle')}</h1>
            <p>{t('errorText')}</p>
          </div>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      </section>
    );
  }

  const data = state.value;
  const published = new Date(data.publishedAt);
  const date = formatIstLongDate(published, lng);

  return (
    <article className="container page press press-article">
      {back}
      <div className="press-article__header">
        <h1>{data.title}</h1>
        <p className="press-meta">
          <span className="press-meta__outlet">{data.outlet}</span>
          <time dateTime={published.toISOString()}>{date}</time>
        </p>
        {data.summary && <p className="lead">{data.summary}</p>}
      </div>
      <div className="press-article__body">
        {data.body.map((paragraph, index) => (
          // Paragraphs may repeat and never move, so their place is their identity.
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {data.sourceUrl && (
        <p className="press-article__source">
          <a href={data.sourceUrl} target="_blank" rel="noopener noreferrer">
            {t('detail.source', { outlet: data.outlet })} <span className="visually-hidden">{t('detail.newTab')}</span>
          </a>
        </p>
      )}
    </article>
  );
}
