import type { UseFormRegisterReturn } from 'react-hook-form';

/** What a one-input field block takes: its label, its error (a validation code or a message), its registration. */
export interface RegisteredFieldProps {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}
