import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { PasskeySummary } from '@moments/shared';
import { SettingsSection } from '../../../components/ui/settings-section';
import { toast } from '../../../components/ui/toast';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkey-list';
import { isPasskeyPromptClosed } from '../utils/passkey-prompt';
import { PASSKEY_ADDED_TOAST } from './passkey-offer';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function failed(title: string) {
  return (error: Error) => {
    if (!isPasskeyPromptClosed(error)) {
      toast({ title, description: error.message, variant: 'destructive' });
    }
  };
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const remove = useRemovePasskey();
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Button
          color="error"
          loading={remove.isPending}
          aria-label={`Remove ${passkey.name}`}
          onClick={() =>
            remove.mutate(passkey.id, {
              onSuccess: () => toast({ title: 'Passkey removed' }),
              onError: failed('Passkey not removed'),
            })
          }
        >
          Remove
        </Button>
      }
    >
      <ListItemText
        primary={passkey.name}
        secondary={`Added ${day(passkey.createdAt)} · ${
          passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : 'Not used yet'
        }`}
      />
    </ListItem>
  );
}

/** My Account's passkeys: each with its device, when it was added and last used; Add, Remove. */
export function PasskeysSection() {
  const { data: passkeys, isError } = usePasskeys();
  const add = useAddPasskey();
  return (
    <SettingsSection title="Passkeys">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Sign in with your face, fingerprint or screen lock instead of a texted code.
      </Typography>
      {isError && <Typography color="error">Your passkeys could not be loaded.</Typography>}
      {passkeys && passkeys.length === 0 && (
        <Typography sx={{ my: 1 }}>You have no passkeys yet.</Typography>
      )}
      {passkeys && passkeys.length > 0 && (
        <List aria-label="Your passkeys" dense>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        loading={add.isPending}
        onClick={() =>
          add.mutate(undefined, {
            onSuccess: () => toast(PASSKEY_ADDED_TOAST),
            onError: failed('No passkey added'),
          })
        }
      >
        Add a passkey
      </Button>
    </SettingsSection>
  );
}
