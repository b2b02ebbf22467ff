import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useHydrated } from '../ui/use-hydrated.ts';
import { AppRoutes } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

const Watchers = lazy(() => import('./watchers/Watchers.tsx'));

/** Everything inside the router: each new page opens at its top, background watchers, routes. */
export function AppShell() {
  // The watchers (session, version, popups) start once the page is live in the browser: never in
  // the build's pre-render, and after hydration, so the first paint does not wait for their chunk.
  const live = useHydrated();
  return (
    <>
      <ScrollToTop />
      {live && (
        <Suspense fallback={null}>
          <Watchers />
        </Suspense>
      )}
      <AppRoutes />
    </>
  );
}

/** The composition root in the browser; the build's pre-render (src/prerender) renders AppShell in a static router. */
export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
