import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { MessageDialog } from '../ui/Dialog.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ChunkLoadError } from './lazy-screen.ts';

function ReloadDialog({ chunk }: { chunk: boolean }) {
  const { t } = useTranslation();
  const reload = () => window.location.reload();
  return (
    <MessageDialog
      open
      tone="error"
      title={chunk ? t('chunkError.title') : t('chunkError.crashTitle')}
      actionLabel={t('chunkError.reload')}
      onAction={reload}
      onClose={reload}
    >
      <p>{chunk ? t('chunkError.text') : t('chunkError.crashText')}</p>
    </MessageDialog>
  );
}

interface BoundaryState {
  error: Error | null;
}

class ErrorCatcher extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ReloadDialog chunk={this.state.error instanceof ChunkLoadError} />;
    return this.props.children;
  }
}

/**
 * Around every routed screen: the centered spinner while its chunk loads, and the reload
 * dialog if the chunk fails, times out, or the screen crashes. A new path starts afresh.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorCatcher key={pathname}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorCatcher>
  );
}
