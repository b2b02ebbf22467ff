import type { FormEvent, ReactNode } from 'react';

/** A console list's filters: the fields, then the button that applies them. */
export function FilterBar({
  label,
  applyLabel,
  onApply,
  noValidate,
  children,
}: {
  label: string;
  applyLabel: string;
  onApply: () => void;
  noValidate?: boolean;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className="console-filters" onSubmit={onSubmit} role="search" aria-label={label} noValidate={noValidate}>
      {children}
      <button type="submit" className="button button--primary">
        {applyLabel}
      </button>
    </form>
  );
}

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
