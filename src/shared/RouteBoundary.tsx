import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner.tsx';
import { ChunkLoadError } from './lazy-screen.ts';

// The dialog library stays out of the first chunk; the watchers' chunk loads it early anyway.
const MessageDialog = lazy(() => import('../ui/Dialog.tsx').then((m) => ({ default: m.MessageDialog })));

const reload = () => window.location.reload();

/** Used while the dialog loads, and instead of it when the network cannot even deliver that. */
function InlineReloadNotice({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <section className="container page page--center" role="alert">
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <button type="button" className="button button--primary" onClick={reload}>
        {t('chunkError.reload')}
      </button>
    </section>
  );
}

function ReloadDialog({ chunk }: { chunk: boolean }) {
  const { t } = useTranslation();
  const title = chunk ? t('chunkError.title') : t('chunkError.crashTitle');
  const text = chunk ? t('chunkError.text') : t('chunkError.crashText');
  const inline = <InlineReloadNotice title={title} text={text} />;
  return (
    <FallbackCatcher fallback={inline}>
      <Suspense fallback={inline}>
        <MessageDialog
          open
          tone="error"
          title={title}
          actionLabel={t('chunkError.reload')}
          onAction={reload}
          onClose={reload}
        >
          <p>{text}</p>
        </MessageDialog>
      </Suspense>
    </FallbackCatcher>
  );
}

class FallbackCatcher extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
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
