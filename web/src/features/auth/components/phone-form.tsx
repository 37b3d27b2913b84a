import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhoneInput,
  normalizePhoneNumber,
  phoneNumberSchema,
  requestCodeSchema,
  type RequestCodeInput,
} from '@moments/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '../../../components/ui/text-input';

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
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((values) => onSubmit(values))}
    >
      <Controller
        name="phoneNumber"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            onChange={(event) => field.onChange(formatPhoneInput(event.target.value))}
            id="phone-number"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            required
            autoFocus
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'We will text you a 6-digit code.'}
          />
        )}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        Send Code
      </Button>
    </Stack>
  );
}
