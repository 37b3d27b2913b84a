// The fields that the sign-in, sign-up, onboarding and My Account forms share, so each is
// labelled, autocompleted and explained the same way wherever it appears.
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { usePhoneFormatter } from '../utils/load-sign-in-rules';

// The names are fixed by the shared schemas; the type parameters make sure the form has them.
interface FieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
}

/**
 * The phone number, formatted "(555) 123-4567" while typed (from when the formatting has
 * arrived, which also formats what was typed before).
 * Label and help default to the sign-in form's.
 */
export function PhoneNumberField<T extends FieldValues & { phoneNumber: string }, TOut = T>({
  control,
  idPrefix,
  autoFocus = false,
  label = 'Phone number',
  helperText = 'We will text you a 6-digit code.',
  autoComplete = 'tel',
}: FieldProps<T, TOut> & {
  autoFocus?: boolean;
  label?: string;
  helperText?: string;
  /** "tel" for one's own number; "off" for someone else's. */
  autoComplete?: string;
}) {
  const formatPhoneInput = usePhoneFormatter();
  return (
    <FormTextField
      control={control}
      name={'phoneNumber' as Path<T>}
      format={formatPhoneInput}
      id={`${idPrefix}phone-number`}
      label={label}
      type="tel"
      autoComplete={autoComplete}
      placeholder="(555) 123-4567"
      required
      autoFocus={autoFocus}
      helperText={helperText}
    />
  );
}

/** First and last name; the last name is optional on the onboarding forms. */
export function NameFields<T extends FieldValues & { firstName: string; lastName?: string }>({
  control,
  idPrefix,
  lastNameRequired = true,
}: FieldProps<T> & { lastNameRequired?: boolean }) {
  return (
    <>
      <FormTextField
        control={control}
        name={'firstName' as Path<T>}
        id={`${idPrefix}first-name`}
        label="First name"
        autoComplete="given-name"
        autoCapitalize="words"
        required
      />
      <FormTextField
        control={control}
        name={'lastName' as Path<T>}
        id={`${idPrefix}last-name`}
        label={lastNameRequired ? 'Last name' : 'Last name (optional)'}
        autoComplete="family-name"
        autoCapitalize="words"
        required={lastNameRequired}
      />
    </>
  );
}

/** The optional recovery email. */
export function RecoveryEmailField<T extends FieldValues & { email?: string }>({
  control,
  idPrefix,
}: FieldProps<T>) {
  return (
    <FormTextField
      control={control}
      name={'email' as Path<T>}
      id={`${idPrefix}email`}
      label="Recovery email (optional)"
      type="email"
      autoComplete="email"
      inputMode="email"
      helperText="Only used to help you get back into your account."
    />
  );
}
