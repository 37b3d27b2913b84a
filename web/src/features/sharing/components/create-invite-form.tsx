import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { createInviteSchema, normalizePhoneNumber, type CreateInviteInput } from '@moments/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PhoneNumberField } from '../../auth/components/profile-fields';

// The form holds the number as typed; the request body's own schema checks it once normalised.
const inviteFormSchema = z
  .object({ audience: z.enum(['anyone', 'one']), phoneNumber: z.string() })
  .transform((values, ctx): CreateInviteInput => {
    if (values.audience === 'anyone') return {};
    const parsed = createInviteSchema.safeParse({
      targetPhoneNumber: normalizePhoneNumber(values.phoneNumber),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['phoneNumber'] });
    }
    return z.NEVER;
  });

type InviteFormValues = z.input<typeof inviteFormSchema>;

interface CreateInviteFormProps {
  onSubmit: (input: CreateInviteInput) => void;
  pending: boolean;
  error?: string;
}

/** Who the new link is for: anyone who has it, or one phone number. */
export function CreateInviteForm({ onSubmit, pending, error }: CreateInviteFormProps) {
  const { control, handleSubmit } = useForm<InviteFormValues, unknown, CreateInviteInput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { audience: 'anyone', phoneNumber: '' },
  });
  const audience = useWatch({ control, name: 'audience' });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((input) => onSubmit(input))}
    >
      <Controller
        name="audience"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="invite-audience-label">Who can use the link?</FormLabel>
            <RadioGroup {...field} aria-labelledby="invite-audience-label">
              <FormControlLabel
                value="anyone"
                control={<Radio />}
                label="Anyone with the link"
                sx={{ minHeight: 44 }}
              />
              <FormControlLabel
                value="one"
                control={<Radio />}
                label="Only one person (by phone number)"
                sx={{ minHeight: 44 }}
              />
            </RadioGroup>
          </FormControl>
        )}
      />
      {audience === 'one' && (
        <PhoneNumberField
          control={control}
          idPrefix="invite-"
          label="Their phone number"
          autoComplete="off"
          autoFocus
          helperText="Only the person with this number can join, once."
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" loading={pending}>
        Create invite link
      </Button>
    </Stack>
  );
}
