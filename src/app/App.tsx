import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes.tsx';
import { SessionWatcher } from './watchers/SessionWatcher.tsx';
import { VersionWatcher } from './watchers/VersionWatcher.tsx';

/** The composition root: router, watchers, routes. */
export function App() {
  return (
    <BrowserRouter>
      <VersionWatcher />
      <SessionWatcher />
      <AppRoutes />
    </BrowserRouter>
  );
}
