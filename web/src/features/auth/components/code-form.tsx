import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  VERIFICATION_CODE_LENGTH,
  formatPhoneInput,
  verifySchema,
  type VerifyInput,
} from '@moments/shared';
import { Controller, useForm } from 'react-hook-form';
import { TextInput } from '../../../components/ui/text-input';

interface CodeFormProps {
  phoneNumber: string;
  onSubmit: (input: VerifyInput) => void;
  onUseDifferentNumber: () => void;
  pending: boolean;
  error?: string;
}

export function CodeForm({
  phoneNumber,
  onSubmit,
  onUseDifferentNumber,
  pending,
  error,
}: CodeFormProps) {
  const { control, handleSubmit } = useForm<VerifyInput>({
    resolver: zodResolver(verifySchema),
    defaultValues: { phoneNumber, code: '' },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Typography color="text.secondary">
        Enter the 6-digit code we sent to {formatPhoneInput(phoneNumber)}.
      </Typography>
      <Controller
        name="code"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            onChange={(event) =>
              field.onChange(
                event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH),
              )
            }
            id="verification-code"
            label="Verification code"
            autoComplete="one-time-code"
            required
            autoFocus
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            inputProps={{
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: VERIFICATION_CODE_LENGTH,
              style: { letterSpacing: '0.4em', fontSize: '1.25rem' },
            }}
          />
        )}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        Verify
      </Button>
      <Button type="button" variant="text" fullWidth onClick={onUseDifferentNumber}>
        Use Different Number
      </Button>
    </Stack>
  );
}
