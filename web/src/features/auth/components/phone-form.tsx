import type { RequestCodeInput } from '@moments/shared';
import { useForm } from 'react-hook-form';
import { SubmitForm } from '../../../components/ui/submit-form';
import { phoneFormResolver, type PhoneFormValues } from '../utils/load-sign-in-rules';
import { PhoneNumberField } from './profile-fields';

interface PhoneFormProps {
  onSubmit: (input: RequestCodeInput) => void;
  pending: boolean;
  /** The request's error message, shown by the form. */
  error?: string;
  defaultPhoneNumber?: string;
}

export function PhoneForm({ onSubmit, pending, error, defaultPhoneNumber = '' }: PhoneFormProps) {
  const { control, handleSubmit } = useForm<PhoneFormValues, unknown, RequestCodeInput>({
    resolver: phoneFormResolver,
    // Formatted as displayed once the sign-in rules have arrived (PhoneNumberField).
    defaultValues: { phoneNumber: defaultPhoneNumber, isSignUp: false },
  });

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) => onSubmit(values))}
      submitLabel="Send Code"
      pending={pending}
      error={error}
    >
      <PhoneNumberField control={control} idPrefix="" autoFocus />
    </SubmitForm>
  );
}
