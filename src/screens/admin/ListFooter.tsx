import { useTranslation } from 'react-i18next';

interface ListFooterProps {
  count: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** A failed further page: the items stay, the footer says why and offers the button again. */
  error: string | null;
  onMore: () => void;
}

/** The end of a console list: load more, loading, the failure of a further page, or the end. */
export function ListFooter({ count, hasMore, loadingMore, error, onMore }: ListFooterProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="console-list__footer">
      {error && (
        <p role="alert" className="console-list__error">
          {t('list.moreFailed', { message: error })}
        </p>
      )}
      {hasMore || loadingMore ? (
        <button type="button" className="button button--ghost" onClick={onMore} disabled={loadingMore}>
          {loadingMore ? t('list.loadingMore') : t('list.more')}
        </button>
      ) : (
        count > 0 && <p className="muted">{t('list.end', { count })}</p>
      )}
    </div>
  );
}
