import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes.tsx';

const Watchers = lazy(() => import('./watchers/Watchers.tsx'));

/** The composition root: router, background watchers, routes. */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Watchers />
      </Suspense>
      <AppRoutes />
    </BrowserRouter>
  );
}
