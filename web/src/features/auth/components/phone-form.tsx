import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhoneInput,
  normalizePhoneNumber,
  phoneNumberSchema,
  requestCodeSchema,
  type RequestCodeInput,
} from '@moments/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitForm } from '../../../components/ui/submit-form';
import { PhoneNumberField } from './profile-fields';

// The request body's own schema; the field holds the number as displayed "(415) 555-2671",
// normalised to E.164 before the schema checks it.
const phoneFormSchema = requestCodeSchema.extend({
  phoneNumber: z.string().transform(normalizePhoneNumber).pipe(phoneNumberSchema),
});

type PhoneFormValues = z.input<typeof phoneFormSchema>;

interface PhoneFormProps {
  onSubmit: (input: RequestCodeInput) => void;
  pending: boolean;
  /** The request's error message, shown by the form. */
  error?: string;
  defaultPhoneNumber?: string;
}

export function PhoneForm({ onSubmit, pending, error, defaultPhoneNumber = '' }: PhoneFormProps) {
  const { control, handleSubmit } = useForm<PhoneFormValues, unknown, RequestCodeInput>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phoneNumber: formatPhoneInput(defaultPhoneNumber), isSignUp: false },
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
