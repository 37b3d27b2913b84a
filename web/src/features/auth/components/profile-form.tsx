import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileNameSchema, type ProfileNameInput } from '@moments/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { TextInput } from '../../../components/ui/text-input';
import { PhotoPicker } from './photo-picker';

export interface ProfileFormValues extends ProfileNameInput {
  photo: File | null;
}

interface ProfileFormProps {
  onSubmit: (values: ProfileFormValues) => void;
  pending: boolean;
  error?: string;
  defaultValues?: { firstName?: string | null; lastName?: string | null };
  /** Show the optional profile photo. */
  withPhoto?: boolean;
  submitLabel: string;
}

/** First and last name (both required, SPEC section 5) and, optionally, a profile photo. */
export function ProfileForm({
  onSubmit,
  pending,
  error,
  defaultValues = {},
  withPhoto = false,
  submitLabel,
}: ProfileFormProps) {
  const [photo, setPhoto] = useState<File | null>(null);
  const { control, handleSubmit } = useForm<ProfileNameInput>({
    resolver: zodResolver(profileNameSchema),
    defaultValues: {
      firstName: defaultValues.firstName ?? '',
      lastName: defaultValues.lastName ?? '',
    },
  });
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((values) => onSubmit({ ...values, photo }))}
    >
      {withPhoto && (
        <PhotoPicker
          file={photo}
          onChange={setPhoto}
          firstName={firstName}
          lastName={lastName}
          disabled={pending}
        />
      )}
      <Controller
        name="firstName"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            id="profile-first-name"
            label="First name"
            autoComplete="given-name"
            autoCapitalize="words"
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="lastName"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            id="profile-last-name"
            label="Last name"
            autoComplete="family-name"
            autoCapitalize="words"
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
