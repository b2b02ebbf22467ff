/**
 * The page a logged-out visitor tried to open and was sent away from (a route that needs a login
 * sends them to /, as the spec says): kept in this tab's session storage, so the login, sign-up
 * or code screen they reach next lands them there once they are in (issue 25).
 */
const KEY = 'intendedPath';

/** Only a path on this site: '//evil.example' or 'https://...' would leave it. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}

export const intendedPath = {
  remember(path: string): void {
    if (safeReturnPath(path) === null) return;
    try {
      window.sessionStorage.setItem(KEY, path);
    } catch {
      // Storage refused: the player lands on the contest after login instead.
    }
  },
  read(): string | null {
    try {
      return safeReturnPath(window.sessionStorage.getItem(KEY));
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Nothing kept, nothing to clear.
    }
  },
};
