import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_ERRORS,
  formatPhoneInput,
  logoutFailedToast,
  profileDetailsSchema,
  type CurrentUser,
  type ProfileDetailsInput,
} from '@moments/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { SettingsSection } from '../../../components/ui/settings-section';
import { SubmitForm } from '../../../components/ui/submit-form';
import { TextInput } from '../../../components/ui/text-input';
import { globalPrivacyControl } from '../../../lib/analytics/privacy';
import { useUser } from '../api/get-user';
import { useLogout } from '../api/logout';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import {
  PROFILE_UPDATED_TOAST,
  profileUpdateFailedToast,
  uploadFailedToast,
} from '../utils/toasts';
import { PhotoPicker } from './photo-picker';
import { NameFields, RecoveryEmailField } from './profile-fields';

/** Loads the person afresh when My Account opens; a failure keeps the cached copy and says so. */
function useRefreshOnOpen() {
  const { refetch } = useUser();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void refetch().then((result) => {
      if (result.isError) toast(ACCOUNT_ERRORS.refreshUserToast);
    });
  }, [refetch]);
}

function PhotoSection({ user }: { user: CurrentUser }) {
  const upload = useUploadProfilePicture();
  const update = useUpdateProfile();
  const [file, setFile] = useState<File | null>(null);
  const busy = upload.isPending || update.isPending;

  const save = async (chosen: File) => {
    setFile(chosen);
    try {
      let imageUrl: string;
      try {
        imageUrl = await upload.mutateAsync(chosen);
      } catch (error) {
        toast(uploadFailedToast(error));
        return;
      }
      try {
        await update.mutateAsync({ profilePictureUrl: imageUrl });
        toast(PROFILE_UPDATED_TOAST);
      } catch (error) {
        toast(profileUpdateFailedToast(error));
      }
    } finally {
      setFile(null);
    }
  };

  return (
    <PhotoPicker
      file={file}
      currentUrl={user.profilePictureUrl}
      firstName={user.firstName}
      lastName={user.lastName}
      disabled={busy}
      chooseLabel={busy ? 'Saving photo...' : undefined}
      onChange={(chosen) => {
        if (chosen) void save(chosen);
      }}
    />
  );
}

function DetailsForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const saved = useMemo<ProfileDetailsInput>(
    () => ({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
    }),
    [user.firstName, user.lastName, user.email],
  );
  const { control, handleSubmit } = useForm<ProfileDetailsInput>({
    resolver: zodResolver(profileDetailsSchema),
    // Follows the saved profile (e.g. after the refresh on opening) without losing edits.
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: () => toast(PROFILE_UPDATED_TOAST),
          onError: (error) => toast(profileUpdateFailedToast(error)),
        }),
      )}
      submitLabel="Save changes"
      pending={update.isPending}
    >
      <NameFields control={control} idPrefix="account-" />
      <RecoveryEmailField control={control} idPrefix="account-" />
      {user.phoneNumber ? (
        <TextInput
          id="account-phone-number"
          label="Phone number"
          value={formatPhoneInput(user.phoneNumber)}
          readOnly
          helperText="You sign in with this number. It cannot be changed here."
        />
      ) : (
        <Typography color="text.secondary">You sign in with Apple.</Typography>
      )}
    </SubmitForm>
  );
}

/** "Share usage data": analytics and session replay for this person, on unless turned off. */
function UsageDataSection({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const helpId = useId();
  const refused = globalPrivacyControl();
  // Shows the choice at once while it is being saved.
  const wanted = update.isPending ? update.variables.shareUsageData : undefined;
  const checked = !refused && (wanted ?? user.shareUsageData);
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={refused || update.isPending}
            onChange={(event) =>
              update.mutate(
                { shareUsageData: event.target.checked },
                { onError: (error) => toast(profileUpdateFailedToast(error)) },
              )
            }
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Share usage data"
        sx={{ minHeight: 44, ml: 0, gap: 1 }}
      />
      <Typography id={helpId} color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        {refused
          ? 'Your browser asks sites not to share your data (Global Privacy Control), so Moments sends no usage data.'
          : 'Helps us improve Moments: which screens you use and, for a few sessions, a replay of the screen with all text and photos hidden. Never what you write or the photos you add.'}
      </Typography>
    </>
  );
}

/**
 * My Account (`/profile`): picture, names, recovery email, phone number, logout. `children`
 * (other features' sections, such as the plan) go before the session section.
 */
export function AccountSettings({ children }: { children?: ReactNode }) {
  const { data: user } = useUser();
  const logout = useLogout();
  useRefreshOnOpen();

  // The protected route renders this only with a user.
  if (!user) return null;

  return (
    <Stack spacing={2}>
      <SettingsSection title="Profile photo">
        <PhotoSection user={user} />
      </SettingsSection>
      <SettingsSection title="Your details">
        <DetailsForm user={user} />
      </SettingsSection>
      <SettingsSection title="Privacy">
        <UsageDataSection user={user} />
      </SettingsSection>
      {children}
      <SettingsSection title="Session">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Logging out ends your session on every device.
        </Typography>
        <Divider sx={{ mb: 2 }} />
        <Button
          variant="outlined"
          color="error"
          size="large"
          fullWidth
          loading={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, { onError: (error) => toast(logoutFailedToast(error)) })
          }
        >
          Logout
        </Button>
      </SettingsSection>
    </Stack>
  );
}
