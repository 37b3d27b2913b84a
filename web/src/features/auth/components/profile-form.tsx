import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { onboardingProfileSchema, type OnboardingProfileInput } from '@moments/shared';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitForm } from '../../../components/ui/submit-form';
import { PhotoPicker } from './photo-picker';
import { NameFields } from './profile-fields';

export interface ProfileFormValues extends OnboardingProfileInput {
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

/** The onboarding profile: first name (required), last name and, optionally, a photo. */
export function ProfileForm({
  onSubmit,
  pending,
  error,
  defaultValues = {},
  withPhoto = false,
  submitLabel,
}: ProfileFormProps) {
  const [photo, setPhoto] = useState<File | null>(null);
  const { control, handleSubmit } = useForm<OnboardingProfileInput>({
    resolver: zodResolver(onboardingProfileSchema),
    defaultValues: {
      firstName: defaultValues.firstName ?? '',
      lastName: defaultValues.lastName ?? '',
    },
  });
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) => onSubmit({ ...values, photo }))}
      submitLabel={submitLabel}
      pending={pending}
      error={error}
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
      <NameFields control={control} idPrefix="profile-" lastNameRequired={false} />
    </SubmitForm>
  );
}
