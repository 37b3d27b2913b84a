import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { invitePhoneSchema, type InvitePhoneInput } from '@moments/shared';
import { useForm } from 'react-hook-form';
import { PhoneNumberField } from '../../auth/components/profile-fields';

interface InvitePhoneFormProps {
  /** The number as typed; the caller normalises it to E.164. */
  onSubmit: (input: InvitePhoneInput) => void;
  pending: boolean;
  error?: string;
  defaultPhoneNumber?: string;
}

/** The invite flow's phone step, with its own messages. */
export function InvitePhoneForm({
  onSubmit,
  pending,
  error,
  defaultPhoneNumber = '',
}: InvitePhoneFormProps) {
  const { control, handleSubmit } = useForm<InvitePhoneInput>({
    resolver: zodResolver(invitePhoneSchema),
    defaultValues: { phoneNumber: defaultPhoneNumber },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <PhoneNumberField
        control={control}
        idPrefix="invite-flow-"
        autoFocus
        helperText="Your phone number is how you sign in: no password to remember."
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        Continue
      </Button>
    </Stack>
  );
}
