import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  VERIFICATION_CODE_LENGTH,
  formatPhoneInput,
  verifySchema,
  type VerifyInput,
} from '@moments/shared';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SubmitForm } from '../../../components/ui/submit-form';

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
    <SubmitForm
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Verify"
      pending={pending}
      error={error}
      footer={
        <Button type="button" variant="text" fullWidth onClick={onUseDifferentNumber}>
          Use Different Number
        </Button>
      }
    >
      <Typography color="text.secondary">
        Enter the 6-digit code we sent to {formatPhoneInput(phoneNumber)}.
      </Typography>
      <FormTextField
        control={control}
        name="code"
        format={(typed) => typed.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH)}
        id="verification-code"
        label="Verification code"
        autoComplete="one-time-code"
        required
        autoFocus
        inputProps={{
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: VERIFICATION_CODE_LENGTH,
          style: { letterSpacing: '0.4em', fontSize: '1.25rem' },
        }}
      />
    </SubmitForm>
  );
}
