import type { UseFormRegisterReturn } from 'react-hook-form';
import { normalizePhoneInput } from '../../../domain/phone.ts';

/**
 * A registered phone field that keeps only the 10 digits of what is typed or pasted. Used inline
 * in the JSX, so the field registers in its place on the form and the focus after a failed submit
 * goes to the first wrong field from the top.
 */
export function phoneDigitsField(field: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event: { target: { value: string } }) => {
      event.target.value = normalizePhoneInput(event.target.value);
      return field.onChange(event);
    },
  };
}
