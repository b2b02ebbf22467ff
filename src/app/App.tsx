import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useHydrated } from '../ui/use-hydrated.ts';
import { CurrentContestsShare } from '../shared/current-contests-share.tsx';
import { AppRoutes } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

const Watchers = lazy(() => import('./watchers/Watchers.tsx'));

/**
 * The watchers (session, version, popups) start once the page is live in the browser: never in
 * the build's pre-render, and after hydration, so the first paint does not wait for their chunk.
 * The switch lives here, beside the routes and not above them: an update above a pre-rendered
 * screen still waiting for its chunk would make React drop its HTML and render it anew.
 */
function LiveWatchers() {
  const live = useHydrated();
  return live ? (
    <Suspense fallback={null}>
      <Watchers />
    </Suspense>
  ) : null;
}

/**
 * Everything inside the router: each new page opens at its top, background watchers, routes, and
 * one request for the current contests per page view.
 */
export function AppShell() {
  return (
    <CurrentContestsShare>
      <ScrollToTop />
      <LiveWatchers />
      <AppRoutes />
    </CurrentContestsShare>
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
