import type { RequestCodeInput } from '@moments/shared';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitForm } from '../../../components/ui/submit-form';
import {
  phoneFormResolver,
  useSignInRulesWhenTyped,
  type PhoneFormValues,
} from '../utils/load-sign-in-rules';
import { PhoneNumberField } from './profile-fields';

interface PhoneFormProps {
  onSubmit: (input: RequestCodeInput) => void;
  pending: boolean;
  /** The request's error message, shown by the form. */
  error?: string;
  defaultPhoneNumber?: string;
}

export function PhoneForm({ onSubmit, pending, error, defaultPhoneNumber = '' }: PhoneFormProps) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<PhoneFormValues, unknown, RequestCodeInput>({
    resolver: phoneFormResolver,
    // Formatted as displayed once the formatting has arrived (PhoneNumberField).
    defaultValues: { phoneNumber: defaultPhoneNumber, isSignUp: false },
  });
  useSignInRulesWhenTyped(useWatch({ control, name: 'phoneNumber' }));

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) => onSubmit(values))}
      submitLabel="Send Code"
      // Busy from the press: the first check may wait for the sign-in rules' code to arrive.
      pending={pending || isSubmitting}
      error={error}
    >
      {/* "webauthn": the browser's autofill offers this site's passkeys here (passkey-sign-in). */}
      <PhoneNumberField control={control} idPrefix="" autoFocus autoComplete="username webauthn" />
    </SubmitForm>
  );
}
