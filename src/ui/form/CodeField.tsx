import { OTP_LENGTH } from '../../../domain/form-rules.ts';
import { TextField } from '../Field.tsx';
import type { RegisteredFieldProps } from './field-props.ts';

/** The 6-digit code of an SMS: digits only, cut to six as the user types or pastes. */
export function CodeField({ label, error, registration }: RegisteredFieldProps) {
  return (
    <TextField
      label={label}
      className="field__input auth__code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      pattern="[0-9]*"
      error={error}
      {...registration}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        void registration.onChange(event);
      }}
    />
  );
}
