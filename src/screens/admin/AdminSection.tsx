import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { fetchMe } from '../../api/account.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { LogoMark } from '../../ui/Logo.tsx';
import { paths } from '../../shared/paths.ts';
import { RouteBoundary } from '../../shared/RouteBoundary.tsx';
import { useLoad } from '../../shared/use-load.ts';
import { useLoggedIn } from '../../shared/use-logged-in.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { areasFor } from './console-areas.tsx';
import '../../styles/admin.css';

/**
 * /admin/*: the operator console, a section of its own loaded only when someone opens it (never in
 * a player's bundle). Who may see which area comes from /account/me's roles; the server checks
 * every call again.
 */
export default function AdminSection() {
  const { t } = useTranslation('admin');
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const { state: me, retry } = useLoad(() => fetchMe(), loggedIn ? 'me' : null);

  if (!loggedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  if (me.status === 'loading' || me.status === 'idle') return <Spinner label={t('loading')} />;
  if (me.status === 'failed') {
    return (
      <main className="console-message container" id="main">
        <h1>{t('loadFailed.title')}</h1>
        <p role="alert">{t('loadFailed.text')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('retry')}
        </button>
      </main>
    );
  }

  const areas = areasFor(me.value.roles);
  if (areas.length === 0) {
    return (
      <main className="console-message container" id="main">
        <h1>{t('denied.title')}</h1>
        <p>{t('denied.text')}</p>
        <Link to={paths.home} className="button button--primary">
          {t('backToSite')}
        </Link>
      </main>
    );
  }

  return (
    <div className="console">
      <header className="console__bar">
        <Link to={paths.home} className="console__brand" aria-label={t('backToSiteNamed', { brand: BRAND.name })}>
          <LogoMark />
          <span className="console__brand-name">{BRAND.name}</span>
          <span className="console__badge">{t('title')}</span>
        </Link>
        <div className="console__tools">
          <span className="console__who" title={me.value.email}>
            {me.value.firstName}
          </span>
          <LanguageSwitch />
        </div>
      </header>
      <ConsoleNav areas={areas} />
      <main id="main" className="console__main" tabIndex={-1}>
        <RouteBoundary>
          <Routes>
            <Route index element={<Navigate to={areas[0]!.path} replace />} />
            {areas.map(({ path, Screen }) => (
              <Route key={path} path={`${path}/*`} element={<Screen />} />
            ))}
            <Route path="*" element={<ConsoleNotFound />} />
          </Routes>
        </RouteBoundary>
      </main>
    </div>
  );
}

function ConsoleNotFound() {
  const { t } = useTranslation('admin');
  return (
    <section className="console-page">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to={paths.admin} className="button button--primary">
        {t('notFound.back')}
      </Link>
    </section>
  );
}

/**
 * The console's areas: a strip that scrolls sideways on a phone (a column on a wide screen). The
 * current area is brought into the strip's view whenever the page changes, so a phone shows where
 * the operator is.
 */
function ConsoleNav({ areas }: { areas: ReturnType<typeof areasFor> }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={nav} className="console__nav" aria-label={t('nav.label')}>
      <ul>
        {areas.map((area) => (
          <li key={area.path}>
            <NavLink to={`${paths.admin}/${area.path}`} className="console__nav-link">
              {t(`nav.${area.navKey}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
