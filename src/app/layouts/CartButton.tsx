import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { ApiError } from '../../api/api-error.ts';
import { cartCount } from '../../api/cart-count.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { paths } from '../../shared/paths.ts';

// These screens ask for the cart themselves; their answer reaches the count through the store.
const fetchesItsOwnCart = new Set<string>([paths.cart, paths.popupCheckout, paths.playScreen]);

/**
 * The header's way to the cart with the number of tickets in it, for a logged-in player. A
 * player's pre-rendered page has it without a count (the count's server snapshot is null); the
 * cart is asked for in the browser only, once the page is live.
 */
export function CartButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const count = useSyncExternalStore(cartCount.subscribe, cartCount.get, () => null);

  // Again on every page: a payment confirmed elsewhere (the gateway's return) empties the cart.
  useEffect(() => {
    if (fetchesItsOwnCart.has(pathname)) return;
    // The cart's API module (with axios) loads for a logged-in player only, never on a visitor's first paint (issue 29).
    import('../../api/contests.ts')
      .then((api) => api.peekCart())
      .catch((error: unknown) => {
        // The session ended on the server (a marker left from yesterday): the page stays where it
        // is and the header offers Login again; a page that needs the login sends the visitor to /.
        if (error instanceof ApiError && error.status === 401) loginMarker.clear();
        // Anything else: the count stays as it was; the cart page shows the error if the player goes there.
      });
  }, [pathname]);

  useEffect(() => () => cartCount.set(null), []);

  const label = count === null ? t('nav.cart.label') : t('nav.cart.count', { count });
  return (
    <NavLink to={paths.cart} className="cart-button" aria-label={label}>
      <svg
        className="cart-button__icon"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M2 3h3l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.8a1.5 1.5 0 0 0 1.4-1.1L21 7H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="20" r="1.6" fill="currentColor" />
        <circle cx="17.5" cy="20" r="1.6" fill="currentColor" />
      </svg>
      {count !== null && count > 0 && (
        <span className="cart-button__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
