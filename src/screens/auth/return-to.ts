import { intendedPath, safeReturnPath } from '../../shared/intended-path.ts';
import { paths } from '../../shared/paths.ts';

export { safeReturnPath };

/** Where a screen reached with `state.from` (the 401 rule, a Play button, the header) should send the user back to. */
export function fromState(state: unknown): string | null {
  return safeReturnPath((state as { from?: unknown } | null)?.from);
}

/**
 * Where the player was going: the `from` the navigation carried, else the guarded page they tried
 * while logged out (RequireLogin keeps it), else nothing.
 */
export function returnPathOf(state: unknown): string | null {
  return fromState(state) ?? intendedPath.read();
}

/** Where a login or a sign-up lands (issue 25): where the player was going, or the contest. */
export function landingOf(returnTo: string | null): string {
  return returnTo ?? paths.playScreen;
}

/** landingOf, as the login or sign-up happens: the remembered page is used up. */
export function landingAfterLogin(returnTo: string | null): string {
  intendedPath.clear();
  return landingOf(returnTo);
}
