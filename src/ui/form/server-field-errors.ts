import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Shows a refusal's field messages by the fields the form has (`known`: its empty values);
 * a message for a field it does not have is left to the screen's dialog.
 */
export function showFieldErrors<Values extends FieldValues>(
  fields: Record<string, string>,
  known: Values,
  setError: UseFormSetError<Values>,
): void {
  for (const [name, message] of Object.entries(fields)) {
    if (name in known) setError(name as Path<Values>, { message });
  }
}
