import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from '../../../api/http.ts';

/**
 * Puts the server's field refusals under the form's `fields`; false when none was one of them,
 * so the screen says the refusal above its buttons instead.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  let placed = false;
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}

/** A rule's message (from domain/ or the server) as the key it has in `messages`, if it is one of them. */
export function ruleKeyOf<K extends string>(messages: Record<K, string>, message: string): K | undefined {
  return (Object.keys(messages) as K[]).find((k) => messages[k] === message);
}
