/** Only a path on this site: '//evil.example' or 'https://...' would leave it. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}

/** Where a screen reached with `state.from` (the 401 rule, RequireLogin) should send the user back to. */
export function fromState(state: unknown): string | null {
  return safeReturnPath((state as { from?: unknown } | null)?.from);
}
