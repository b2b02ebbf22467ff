import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/http.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import type { LoadState } from '../../../shared/use-load.ts';

/** What could not be loaded, and a button to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="console-empty">
      <p role="alert">{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/**
 * A console page whose one thing (useLoad) is not ready: the spinner, or the page with its
 * `head` (a way back, a title) and the failure.
 */
export function LoadPending<T>({
  state,
  loadingLabel,
  head,
  onRetry,
}: {
  state: Exclude<LoadState<T>, { status: 'ready' }>;
  loadingLabel: string;
  head: ReactNode;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  if (state.status !== 'failed') return <Spinner label={loadingLabel} />;
  return (
    <section className="console-page">
      {head}
      <LoadFailed message={errorMessageOf(state.error, t('list.failed'))} onRetry={onRetry} />
    </section>
  );
}
