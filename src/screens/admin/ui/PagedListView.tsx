import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ListFooter } from '../ListFooter.tsx';
import type { PagedList } from '../use-paged-list.ts';
import { LoadFailed } from './LoadFailed.tsx';

/** A console list as it loads: the spinner, the failure, the empty line, or the items and the footer. */
export function PagedListView<T>({
  list,
  loadingLabel,
  emptyText,
  children,
}: {
  list: PagedList<T>;
  loadingLabel: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (list.loading) return <Spinner label={loadingLabel} />;
  if (list.failed) return <LoadFailed message={t('list.failed')} onRetry={list.retry} />;
  if (list.items.length === 0) return <p className="console-empty">{emptyText}</p>;
  return (
    <>
      {children(list.items)}
      <PagedListFooter list={list} />
    </>
  );
}

/** The footer of a paged list (more, loading, the end) for a list that draws its own states. */
export function PagedListFooter<T>({ list }: { list: PagedList<T> }) {
  return (
    <ListFooter
      count={list.items.length}
      hasMore={list.hasMore}
      loadingMore={list.loadingMore}
      error={list.error}
      onMore={list.more}
    />
  );
}
