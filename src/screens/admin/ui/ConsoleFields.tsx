import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from '../../../ui/Field.tsx';

/** A labelled select of the console (filters and small forms); the options are the children. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** For a field the screen checks itself: its message (null while it is fine), said under it. */
  invalidMessage?: string | null;
};

/** A labelled text input of the console (filters and small forms). */
export function InputField({ id, label, value, onChange, invalidMessage, ...input }: InputFieldProps) {
  const checked = invalidMessage !== undefined;
  return (
    <div className="field">
      {input.required ? (
        <span className="field__label-row">
          <label className="field__label" htmlFor={id}>
            {label}
          </label>
          <RequiredMark />
        </span>
      ) : (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <input
        id={id}
        className="field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...input}
        {...(checked
          ? { 'aria-invalid': Boolean(invalidMessage), 'aria-describedby': invalidMessage ? `${id}-error` : undefined }
          : {})}
      />
      {invalidMessage && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {invalidMessage}
        </p>
      )}
    </div>
  );
}

/** The line above a console form that says what the stars mean (required fields, marked before the first submit). */
export function RequiredNote() {
  const { t } = useTranslation('admin');
  return (
    <p className="console-form__required muted">
      {t('form.requiredNote')} <RequiredMark />
    </p>
  );
}
