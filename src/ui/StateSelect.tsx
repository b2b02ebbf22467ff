import { statesByName } from '../../domain/india-states.ts';
import { FieldFrame } from './Field.tsx';

interface StateSelectProps {
  label: string;
  /** Shown under the list, e.g. where the default came from. */
  hint?: string;
  /** The GST state code picked; null shows the placeholder. */
  value: string | null;
  placeholder: string;
  lng: 'en' | 'hi';
  disabled?: boolean;
  onPick(code: string): void;
}

/** India's states and union territories by name in the page's language (domain/india-states.ts), valued by GST state code. */
export function StateSelect({ label, hint, value, placeholder, lng, disabled, onPick }: StateSelectProps) {
  return (
    <FieldFrame label={label} {...(hint ? { hint } : {})}>
      {({ inputId, describedBy }) => (
        <select
          id={inputId}
          className="field__input"
          aria-describedby={describedBy}
          autoComplete="address-level1"
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => event.target.value && onPick(event.target.value)}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {statesByName(lng).map((state) => (
            <option key={state.gst} value={state.gst}>
              {lng === 'hi' ? state.nameHi : state.nameEn}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
