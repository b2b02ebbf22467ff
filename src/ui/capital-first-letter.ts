import type { ChangeEvent, CompositionEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { withCapitalFirstLetter, withCapitalWords } from '../../domain/form-rules.ts';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** Applies `rule` to the control's text in place, keeping the caret where the player left it. */
function capitalise(control: TextControl, rule: (text: string) => string): boolean {
  const next = rule(control.value);
  if (next === control.value) return false;
  const { selectionStart, selectionEnd } = control;
  control.value = next;
  if (selectionStart !== null && selectionEnd !== null && control.ownerDocument.activeElement === control)
    control.setSelectionRange(selectionStart, selectionEnd);
  return true;
}

/** A registration whose text gets capitals by `rule` as the player types. */
function capitalising<Name extends string>(registration: UseFormRegisterReturn<Name>, rule: (text: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<TextControl>) => {
      // A phone keyboard still composing a word owns the text until the word ends.
      if (!(event.nativeEvent as Partial<InputEvent>).isComposing) capitalise(event.target, rule);
      return registration.onChange(event);
    },
    onCompositionEnd: (event: CompositionEvent<TextControl>) => {
      if (capitalise(event.currentTarget, rule))
        void registration.onChange({ target: event.currentTarget, type: 'change' });
    },
  };
}

/**
 * A react-hook-form field whose first letter becomes a capital as the player types, for the
 * fields whose rule asks for one (the contact message): the form helps instead of refusing;
 * the schema, on both sides, still checks.
 */
export function capitalFirstLetter<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return capitalising(registration, withCapitalFirstLetter);
}

/** A name field: each word's first letter a capital as typed ('ravi kumar' -> 'Ravi Kumar', issue 25). */
export function capitalWords<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return capitalising(registration, withCapitalWords);
}
