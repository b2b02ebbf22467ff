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
