import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '../../../domain/form-rules.ts';
import { TextField } from '../Field.tsx';
import type { RegisteredFieldProps } from './field-props.ts';

/** The password the account has now (login, password change). */
export function CurrentPasswordField({ label, error, registration }: RegisteredFieldProps) {
  return <TextField label={label} type="password" autoComplete="current-password" error={error} {...registration} />;
}

/** A new password and its confirmation (sign-up, reset, password change); the hint gives the rules. */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  errors,
}: {
  labels: { password: string; hint: string; confirm: string };
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        hint={labels.hint}
        error={errors.password}
        {...password}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}
