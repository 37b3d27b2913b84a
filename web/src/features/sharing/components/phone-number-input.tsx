import { formatPhoneInput } from '@moments/shared';
import type {
  ControllerFieldState,
  ControllerRenderProps,
  FieldValues,
  Path,
} from 'react-hook-form';
import { TextInput } from '../../../components/ui/text-input';

interface PhoneNumberInputProps<T extends FieldValues, N extends Path<T>> {
  field: ControllerRenderProps<T, N>;
  fieldState: ControllerFieldState;
  id: string;
  label: string;
  helperText?: string;
  autoFocus?: boolean;
  required?: boolean;
  /** "tel" for one's own number; "off" for someone else's. */
  autoComplete?: string;
}

/**
 * A phone field as the sign-in form has it (SPEC section 5, "Phone, input"): formatted as
 * "(xxx) xxx-xxxx" while typing, the phone keypad, and the field's error under it.
 */
export function PhoneNumberInput<T extends FieldValues, N extends Path<T>>({
  field: { ref, ...field },
  fieldState,
  id,
  label,
  helperText,
  autoFocus,
  required,
  autoComplete = 'tel',
}: PhoneNumberInputProps<T, N>) {
  return (
    <TextInput
      {...field}
      inputRef={ref}
      onChange={(event) => field.onChange(formatPhoneInput(event.target.value))}
      id={id}
      label={label}
      type="tel"
      autoComplete={autoComplete}
      placeholder="(555) 123-4567"
      required={required}
      autoFocus={autoFocus}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
