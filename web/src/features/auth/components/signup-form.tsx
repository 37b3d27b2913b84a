import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhoneInput,
  normalizePhoneNumber,
  phoneNumberSchema,
  signupSchema,
  type SignupInput,
} from '@moments/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitForm } from '../../../components/ui/submit-form';
import { NameFields, PhoneNumberField, RecoveryEmailField } from './profile-fields';

export const TERMS_LABEL = 'I agree to the terms of service and privacy policy';

// The request body's own schema. The phone field holds the number as displayed, normalised
// to E.164 before the schema checks it; the checkbox starts unticked (false), which the
// body's `true` literal then refuses with the spec's message.
const signupFormSchema = signupSchema.extend({
  phoneNumber: z.string().transform(normalizePhoneNumber).pipe(phoneNumberSchema),
  termsAccepted: z.boolean().pipe(signupSchema.shape.termsAccepted),
});

type SignupFormValues = z.input<typeof signupFormSchema>;

export interface SignupFormDefaults {
  phoneNumber?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

interface SignupFormProps {
  onSubmit: (input: SignupInput) => void;
  pending: boolean;
  /** The request's error message, shown by the form. */
  error?: string;
  defaultValues?: SignupFormDefaults;
  submitLabel?: string;
}

/** Phone, first and last name, optional recovery email, terms. */
export function SignupForm({
  onSubmit,
  pending,
  error,
  defaultValues = {},
  submitLabel = 'Create Account',
}: SignupFormProps) {
  const { control, handleSubmit } = useForm<SignupFormValues, unknown, SignupInput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      phoneNumber: formatPhoneInput(defaultValues.phoneNumber ?? ''),
      firstName: defaultValues.firstName ?? '',
      lastName: defaultValues.lastName ?? '',
      email: defaultValues.email ?? '',
      // Coming back to the form ("Use Different Number") keeps the box ticked.
      termsAccepted: Boolean(defaultValues.phoneNumber),
      isSignUp: true,
    },
  });

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) => onSubmit(values))}
      submitLabel={submitLabel}
      pending={pending}
      error={error}
    >
      <PhoneNumberField control={control} idPrefix="signup-" autoFocus />
      <NameFields control={control} idPrefix="signup-" />
      <RecoveryEmailField control={control} idPrefix="signup-" />
      <Controller
        name="termsAccepted"
        control={control}
        render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              sx={{ minHeight: 44, alignItems: 'center', mr: 0 }}
              control={
                <Checkbox
                  {...field}
                  checked={value}
                  onChange={(event) => onChange(event.target.checked)}
                  slotProps={{
                    input: {
                      ref,
                      'aria-describedby': fieldState.error ? 'signup-terms-error' : undefined,
                      'aria-invalid': Boolean(fieldState.error),
                    },
                  }}
                />
              }
              label={TERMS_LABEL}
            />
            {fieldState.error && (
              <FormHelperText id="signup-terms-error" sx={{ mt: 0 }}>
                {fieldState.error.message}
              </FormHelperText>
            )}
          </FormControl>
        )}
      />
    </SubmitForm>
  );
}
