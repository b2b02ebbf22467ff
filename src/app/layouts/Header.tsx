import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import { paths } from '../../shared/paths.ts';
import { useLoggedIn } from '../../shared/use-logged-in.ts';
import { CartButton } from './CartButton.tsx';
import { EntriesButton } from './EntriesButton.tsx';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { LogoMark } from '../../ui/Logo.tsx';

/**
 * The menu (issue 25): the ways to play first, then the results, then the cart. The pages that
 * need a login take a logged-out visitor to /login, which lands them on the page once they are in.
 */
const navItems = [
  { to: paths.playScreen, key: 'nav.play', needsLogin: true },
  { to: paths.quickGame, key: 'nav.practiceShort', needsLogin: false },
  { to: paths.myEntries, key: 'nav.myEntries', needsLogin: true },
  { to: paths.winnersCircle, key: 'nav.winners', needsLogin: false },
  { to: paths.liveWeeklyWinner, key: 'nav.liveShow', needsLogin: false },
  { to: paths.cart, key: 'nav.cart.label', needsLogin: true },
] as const;

export function Header() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  // The phone menu is open for the page it was opened on; following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // Escape closes the open phone menu, and the focus goes back to the menu button if it was in the
  // menu or on the button (WCAG 2.1.2, 2.4.3). Listened on the document: the <nav> is no widget.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      const focusInMenu = active === menuButton.current || (active !== null && nav.current?.contains(active));
      setOpenOn(null);
      if (focusInMenu) menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  // Tabbing out of the open menu closes it; a click on an empty spot (no new focus) does not, and
  // Shift+Tab back to the menu button keeps it open.
  const closeOnLeave = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!menuOpen || !(next instanceof Node)) return;
    if (event.currentTarget.contains(next) || menuButton.current === next) return;
    setMenuOpen(false);
  };

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="site-header__bar container">
        <Link to={paths.home} className="brand" aria-label={BRAND.name}>
          <LogoMark />
          <span className="brand__name">{BRAND.name}</span>
        </Link>
        <div className="site-header__tools">
          {/* In a player's pre-rendered page too (its count comes once the app has asked): the tools
              keep their width as the app takes the page over. */}
          {loggedIn && <EntriesButton />}
          {loggedIn && <CartButton />}
          <LanguageSwitch />
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            ref={menuButton}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className="menu-button__icon" aria-hidden="true" />
            <span className="visually-hidden">{menuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
          </button>
        </div>
        <nav
          id={menuId}
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label={t('nav.main')}
          ref={nav}
          onBlur={closeOnLeave}
        >
          <ul className="site-nav__list">
            {navItems.map((item) => (
              // The cart's own button (with its count) stands in the bar on a laptop.
              <li key={item.to} className={item.to === paths.cart && loggedIn ? 'site-nav__item--phone' : undefined}>
                {item.needsLogin && !loggedIn ? (
                  <Link to={paths.login} state={{ from: item.to }} className="site-nav__link">
                    {t(item.key)}
                  </Link>
                ) : (
                  <NavLink to={item.to} className="site-nav__link">
                    {t(item.key)}
                  </NavLink>
                )}
              </li>
            ))}
            <li>
              {loggedIn ? (
                <NavLink to={paths.myAccount} className="button button--small button--primary">
                  {t('account.myAccount')}
                </NavLink>
              ) : (
                <NavLink
                  to={paths.login}
                  state={pathname === paths.home ? undefined : { from: `${pathname}${search}` }}
                  className="button button--small button--primary"
                >
                  {t('account.login')}
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
