import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { PressListItem } from '../../../domain/press.ts';
import { pageCount, pressPageFrom } from '../../../domain/press-paging.ts';
import { formatIstLongDate } from '../../ui/format.ts';
import { fetchPressList } from '../../api/press.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useLanguageLoad } from '../../shared/use-load.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../styles/press.css';

const pageLink = (page: number) => ({ pathname: paths.inThePress, search: page > 1 ? `?page=${page}` : '' });

export default function PressListPage() {
  const { t, i18n } = useTranslation('press');
  const lng = currentLanguage(i18n);
  const [searchParams] = useSearchParams();
  const page = pressPageFrom(searchParams.get('page'));
  const heading = useRef<HTMLHeadingElement>(null);

  // The answer belongs to its request, so a new page, language or retry shows the spinner at
  // once and a late answer to an old request is never shown.
  const { state, retry } = useLanguageLoad((lang, signal) => fetchPressList({ lang, page }, signal), String(page));

  useEffect(() => {
    document.title = `${t('title')} | ${BRAND.name}`;
  }, [t]);

  // Moving focus to the heading also brings the new page's top into view.
  const toTop = () => heading.current?.focus();

  let content;
  if (state.status === 'loading' || state.status === 'idle') {
    content = <Spinner />;
  } else if (state.status === 'failed') {
    content = (
      <div className="press-state">
        <div role="alert">
          <h2 className="press-state__title">{t('errorTitle')}</h2>
          <p>{t('errorText')}</p>
        </div>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (state.value.total === 0) {
    content = <p className="press-state">{t('empty')}</p>;
  } else if (state.value.items.length === 0) {
    content = (
      <div className="press-state">
        <p>{t('outOfRange')}</p>
        <Link to={pageLink(1)} className="button button--primary">
          {t('firstPage')}
        </Link>
      </div>
    );
  } else {
    const { items, total, pageSize } = state.value;
    const pages = pageCount(total, pageSize);
    content = (
      <>
        <ol className="press-list">
          {items.map((item) => (
            <li key={item.id}>
              <PressCard item={item} date={formatIstLongDate(new Date(item.publishedAt), lng)} />
            </li>
          ))}
        </ol>
        {total > pageSize && (
          <nav className="press-pagination" aria-label={t('pagination.label')}>
            {page > 1 ? (
              <Link to={pageLink(page - 1)} rel="prev" className="button button--ghost button--small" onClick={toTop}>
                {t('pagination.previous')}
              </Link>
            ) : (
              <span />
            )}
            <p className="press-pagination__status">{t('pagination.status', { page, pages })}</p>
            {page < pages ? (
              <Link to={pageLink(page + 1)} rel="next" className="button button--ghost button--small" onClick={toTop}>
                {t('pagination.next')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="container page press">
      <div className="press__header">
        <h1 ref={heading} tabIndex={-1}>
          {t('title')}
        </h1>
        <p className="lead">{t('intro')}</p>
      </div>
      {content}
    </section>
  );
}

function PressCard({ item, date }: { item: PressListItem; date: string }) {
  return (
    <article className="card press-card">
      <h2 className="press-card__title">
        <Link to={generatePath(paths.pressDetails, { id: item.id, slug: item.slug })}>{item.title}</Link>
      </h2>
      <p className="press-meta">
        <span className="press-meta__outlet">{item.outlet}</span>
        <time dateTime={new Date(item.publishedAt).toISOString()}>{date}</time>
      </p>
      <p className="press-card__summary">{item.summary}</p>
    </article>
  );
}
