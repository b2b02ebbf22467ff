import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { normalizePhoneInput } from '../../domain/phone.ts';
import { isValidationCode } from '../../domain/form-rules.ts';

interface FieldFrameProps {
  label: string;
  /** Marked before the first submit (a star after the label; the input says aria-required). */
  required?: boolean | undefined;
  hint?: ReactNode;
  /** A validation code from domain/validation (translated here) or a server's message. */
  error?: string;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function FieldFrame({ label, required, hint, error, children }: FieldFrameProps) {
  const { t } = useTranslation('validation');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      {required ? (
        // The star beside the label, not in it: the label names the field, the input says 'required'.
        <span className="field__label-row">
          <label className="field__label" htmlFor={inputId}>
            {label}
          </label>
          <RequiredMark />
        </span>
      ) : (
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
      )}
      {children({ inputId, describedBy, invalid: Boolean(error) })}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {isValidationCode(error) ? t(error) : error}
        </p>
      )}
    </div>
  );
}

/** The star after a required field's label; screen readers hear the input's own 'required'. */
export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      *
    </span>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
};

export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} required={input.required} hint={hint} error={error}>
      {({ inputId, describedBy, invalid }) => (
        <input id={inputId} className="field__input" aria-describedby={describedBy} aria-invalid={invalid} {...input} />
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
};

export function TextAreaField({ label, hint, error, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} required={textarea.required} hint={hint} error={error}>
      {({ inputId, describedBy, invalid }) => (
        <textarea
          id={inputId}
          className="field__input"
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

/**
 * The Indian mobile number field of every form: digits only, cut to 10 as the user types
 * (spec section 5); '+91' is added on send where the API wants it, not here.
 */
export function PhoneField({
  label,
  hint,
  error,
  registration,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      hint={hint}
      error={error}
      {...registration}
      onChange={(event) => {
        event.target.value = normalizePhoneInput(event.target.value);
        return registration.onChange(event);
      }}
    />
  );
}
