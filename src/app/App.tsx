import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

const Watchers = lazy(() => import('./watchers/Watchers.tsx'));

/** The composition root: router (each new page opens at its top), background watchers, routes. */
export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Suspense fallback={null}>
        <Watchers />
      </Suspense>
      <AppRoutes />
    </BrowserRouter>
  );
}
