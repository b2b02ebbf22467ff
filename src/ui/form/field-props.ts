import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';

/** What a one-input field block takes: its label, its error (a validation code or a message), its registration. */
export interface RegisteredFieldProps {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** A form's register and errors, for a block of fields that registers its own by name. */
export interface FormFields<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/** A field's registration and its error message (a validation code or the server's words). */
export interface RegisteredField {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * The registration and error of each field named, for a block of fields. Called where the form
 * renders, in the fields' order on the page: react-hook-form focuses the first wrong field in the
 * order they were registered.
 */
export function fieldsOf<T extends FieldValues, K extends string>(
  form: FormFields<T>,
  names: Record<K, Path<T>>,
): Record<K, RegisteredField> {
  const errors = form.errors as Record<string, { message?: unknown } | undefined>;
  const fields = {} as Record<K, RegisteredField>;
  for (const key of Object.keys(names) as K[]) {
    const error = errors[names[key]]?.message;
    fields[key] = { registration: form.register(names[key]), error: typeof error === 'string' ? error : undefined };
  }
  return fields;
}
