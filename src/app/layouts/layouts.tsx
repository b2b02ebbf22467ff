import { Outlet } from 'react-router-dom';
import { CountryGate } from '../CountryGate.tsx';
import { RouteBoundary } from '../../shared/RouteBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { WelcomeBanner } from './WelcomeBanner.tsx';

/** Public pages: common header and footer (spec section 2); outside India, the country gate. */
export function MainLayout() {
  return (
    <div className="layout">
      <Header />
      <main id="main" className="layout__main" tabIndex={-1}>
        <WelcomeBanner />
        <RouteBoundary>
          <CountryGate>
            <Outlet />
          </CountryGate>
        </RouteBoundary>
      </main>
      <Footer />
    </div>
  );
}

/** Sign-in flows and the games: the whole screen, no header or footer (spec section 2). */
export function BareLayout() {
  return (
    <main id="main" className="layout layout--bare" tabIndex={-1}>
      <RouteBoundary>
        <Outlet />
      </RouteBoundary>
    </main>
  );
}
