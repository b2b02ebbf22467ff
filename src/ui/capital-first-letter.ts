import type { ChangeEvent, CompositionEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { withCapitalFirstLetter } from '../../domain/validation.ts';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** Capitalises the control's first letter in place, keeping the caret where the player left it. */
function capitalise(control: TextControl): boolean {
  const next = withCapitalFirstLetter(control.value);
  if (next === control.value) return false;
  const { selectionStart, selectionEnd } = control;
  control.value = next;
  if (selectionStart !== null && selectionEnd !== null && control.ownerDocument.activeElement === control)
    control.setSelectionRange(selectionStart, selectionEnd);
  return true;
}

/**
 * A react-hook-form field whose first letter becomes a capital as the player types, for the
 * fields whose rule asks for one (names, the contact message): the form helps instead of refusing;
 * the schema, on both sides, still checks.
 */
export function capitalFirstLetter<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<TextControl>) => {
      // A phone keyboard still composing a word owns the text until the word ends.
      if (!(event.nativeEvent as Partial<InputEvent>).isComposing) capitalise(event.target);
      return registration.onChange(event);
    },
    onCompositionEnd: (event: CompositionEvent<TextControl>) => {
      if (capitalise(event.currentTarget)) void registration.onChange({ target: event.currentTarget, type: 'change' });
    },
  };
}
