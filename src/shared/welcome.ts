/** Navigation state that greets a player who has just signed up, on the page they land on. */
export interface WelcomeState {
  welcome: string;
}

export function welcomeState(firstName: string): WelcomeState {
  return { welcome: firstName };
}

/** The first name to greet, when the page was reached right after a sign-up. */
export function welcomeOf(state: unknown): string | null {
  const name = (state as { welcome?: unknown } | null)?.welcome;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}
