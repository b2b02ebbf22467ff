import type { ButtonHTMLAttributes } from 'react';

/**
 * For a submit button (spread onto it): a press keeps the focus where it is, so the message of the
 * field being left cannot move the button from under the press (see SubmitButton); the field is
 * left at the click itself, before the form is sent, so its check runs on the values being sent
 * and never later, after a form reset to the server's answer.
 */
export const pressKeepsFocus = {
  onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
  onClick: (event: { currentTarget: Element }) => {
    const focused = event.currentTarget.ownerDocument.activeElement;
    if (focused instanceof HTMLElement && focused !== event.currentTarget) focused.blur();
  },
};

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & {
  busy: boolean;
  label: string;
  busyLabel: string;
};

/**
 * A form's submit button: disabled and saying so while the form is being sent. A press keeps the
 * focus where it is: moving it would check the field being left first (forms check a field as the
 * player leaves it), and the message that appears under that field pushes this button down
 * between the press and its release, so the click missed and the form was not sent (the
 * agreements' messages then showed only on a second tap). The submit checks every field anyway,
 * and focuses the first wrong one.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = 'button button--primary',
  disabled,
  ...button
}: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={disabled ?? busy} {...pressKeepsFocus} {...button}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The wide submit button of the auth screens. */
export function AuthSubmit(props: Omit<SubmitButtonProps, 'className'>) {
  return <SubmitButton className="button button--primary auth__submit" {...props} />;
}
