import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from './paths.ts';
import { useLoggedIn } from './use-logged-in.ts';

/** Spec section 2: routes needing a stored login token redirect to / without one. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  if (!loggedIn) return <Navigate to={paths.home} replace />;
  return children;
}
