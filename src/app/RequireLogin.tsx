import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { intendedPath } from '../shared/intended-path.ts';
import { paths } from '../shared/paths.ts';
import { useLoggedIn } from '../shared/use-logged-in.ts';

/**
 * Spec section 2: routes needing a stored login token redirect to / without one. A page a
 * logged-out visitor opened is remembered, so the login that follows lands on it (issue 25); a
 * page left by logging out is not.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const [arrivedLoggedIn] = useState(loggedIn);
  const { pathname, search } = useLocation();
  if (!loggedIn) {
    // Idempotent, so safe in render: the redirect below renders no effects of this page.
    if (!arrivedLoggedIn) intendedPath.remember(`${pathname}${search}`);
    return <Navigate to={paths.home} replace />;
  }
  return children;
}
