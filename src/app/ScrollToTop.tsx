import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A link to another page opens it at the top, as a full page load would (the router keeps the
 * window's scroll otherwise: a footer link would open the next page scrolled to its bottom).
 * Back and forward (POP) leave the browser's own restoring alone; a link to a #fragment scrolls
 * to it natively.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigation]);
  return null;
}
