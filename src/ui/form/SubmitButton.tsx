import type { ButtonHTMLAttributes } from 'react';

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & {
  busy: boolean;
  label: string;
  busyLabel: string;
};

/** A form's submit button: disabled and saying so while the form is being sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = 'button button--primary',
  disabled,
  ...button
}: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={disabled ?? busy} {...button}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The wide submit button of the auth screens. */
export function AuthSubmit(props: Omit<SubmitButtonProps, 'className'>) {
  return <SubmitButton className="button button--primary auth__submit" {...props} />;
}
