import type { UseFormRegisterReturn } from 'react-hook-form';
import { NAME_MAX_LENGTH } from '../../../domain/form-rules.ts';
import { capitalWords } from '../capital-first-letter.ts';
import { PhoneField, TextField } from '../Field.tsx';
import type { RegisteredFieldProps } from './field-props.ts';

/**
 * First and last name side by side, with the name rule's help on every form (sign-up, social
 * sign-up, profile): each word's first letter a capital as the player types ('ravi kumar' ->
 * 'Ravi Kumar'), and the 20-character limit on the input.
 */
export function NameFields({
  labels,
  first,
  last,
  errors,
}: {
  labels: { first: string; last: string };
  first: UseFormRegisterReturn;
  last: UseFormRegisterReturn;
  errors: { first?: string; last?: string };
}) {
  const rule = { autoCapitalize: 'words', maxLength: NAME_MAX_LENGTH } as const;
  const wired = (registration: UseFormRegisterReturn) => capitalWords(registration);
  return (
    <div className="auth__row">
      <TextField label={labels.first} autoComplete="given-name" {...rule} error={errors.first} {...wired(first)} />
      <TextField label={labels.last} autoComplete="family-name" {...rule} error={errors.last} {...wired(last)} />
    </div>
  );
}

export function EmailField({ label, error, registration }: RegisteredFieldProps) {
  return (
    <TextField label={label} type="email" inputMode="email" autoComplete="email" error={error} {...registration} />
  );
}

/** The e-mail then the mobile number, as every form that asks for both asks for them. */
export function EmailAndPhoneFields({
  labels,
  email,
  phone,
  errors,
}: {
  labels: { email: string; phone: string; phoneHint: string };
  email: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  errors: { email?: string; phone?: string };
}) {
  return (
    <>
      <EmailField label={labels.email} error={errors.email} registration={email} />
      <PhoneField label={labels.phone} hint={labels.phoneHint} error={errors.phone} registration={phone} />
    </>
  );
}

/** The e-mail or mobile number an account is found by (login, forgotten password). */
export function IdentifierField({ label, error, registration }: RegisteredFieldProps) {
  return <TextField label={label} autoComplete="username" inputMode="email" error={error} {...registration} />;
}
