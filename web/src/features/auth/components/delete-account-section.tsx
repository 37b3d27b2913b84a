import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORMER_MEMBER_NAME,
  HttpError,
  VERIFICATION_CODE_LENGTH,
  deleteMyAccountSchema,
  formatPhoneInput,
  type DeleteMyAccountInput,
} from '@moments/shared';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SettingsSection } from '../../../components/ui/settings-section';
import { useDeleteMyAccount, useRequestDeletionCode } from '../api/delete-account';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

function messageOf(error: unknown): string {
  return (error instanceof HttpError && error.serverMessage) || FALLBACK_ERROR;
}

/** What deleting does, said before anything is asked. */
function Consequences() {
  return (
    <Typography component="ul" sx={{ pl: 2.5, mt: 0, mb: 2 }}>
      <li>Moments Plus, if you have it, is cancelled now; you will not be charged again.</li>
      <li>Your own moments are deleted with all their photos and entries.</li>
      <li>You are signed out everywhere and your notifications stop.</li>
      <li>Your name, phone number, picture and sign-in are deleted. This cannot be undone.</li>
    </Typography>
  );
}

/**
 * My Account's "Delete account" section (headed so, not "Delete my account", which would also
 * match the page's "My Account" heading): the consequences and two choices, then a fresh code
 * sent to the person's number (the passkey step, when it comes, is offered here beside the
 * code), then the deletion. The form checks the same schema as the server.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const requestCode = useRequestDeletionCode();
  const deleteAccount = useDeleteMyAccount();
  const id = useId();
  const { control, handleSubmit, reset } = useForm<DeleteMyAccountInput>({
    resolver: zodResolver(deleteMyAccountSchema),
    defaultValues: { code: '', sharedMoments: 'delete', contributions: 'remove' },
  });
  const busy = requestCode.isPending || deleteAccount.isPending;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setCodeSentTo(undefined);
    setError(undefined);
    reset();
  };

  const sendCode = () => {
    setError(undefined);
    requestCode.mutate(undefined, {
      onSuccess: (answer) => setCodeSentTo(answer.phoneNumber),
      onError: (failure) => setError(messageOf(failure)),
    });
  };

  const submit = handleSubmit((input) => {
    setError(undefined);
    deleteAccount.mutate(input, { onError: (failure) => setError(messageOf(failure)) });
  });

  return (
    <SettingsSection title="Delete account">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Deletes your account and what is yours in Moments. Download your data first if you want to
        keep it.
      </Typography>
      <Button variant="outlined" color="error" size="large" fullWidth onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id={`${id}-title`}>Delete your account?</DialogTitle>
          <DialogContent>
            <div id={`${id}-text`}>
              <Consequences />
            </div>
            <Controller
              control={control}
              name="sharedMoments"
              render={({ field }) => (
                <FormControl disabled={busy} sx={{ mb: 2, display: 'flex' }}>
                  <FormLabel id={`${id}-shared`}>Moments you own that others have joined</FormLabel>
                  <RadioGroup {...field} aria-labelledby={`${id}-shared`}>
                    <FormControlLabel value="delete" control={<Radio />} label="Delete them too" />
                    <FormControlLabel
                      value="handOver"
                      control={<Radio />}
                      label="Give each to the member who joined it first"
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="contributions"
              render={({ field }) => (
                <FormControl disabled={busy} sx={{ mb: 2, display: 'flex' }}>
                  <FormLabel id={`${id}-contributions`}>
                    Your entries and photos in other people&apos;s moments
                  </FormLabel>
                  <RadioGroup {...field} aria-labelledby={`${id}-contributions`}>
                    <FormControlLabel
                      value="remove"
                      control={<Radio />}
                      label="Remove them (replies to your entries go too)"
                    />
                    <FormControlLabel
                      value="keep"
                      control={<Radio />}
                      label={`Keep them, shown as by “${FORMER_MEMBER_NAME}”`}
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
            {codeSentTo ? (
              <>
                <Typography sx={{ mb: 1.5 }}>
                  Enter the 6-digit code we sent to {formatPhoneInput(codeSentTo)}.
                </Typography>
                <FormTextField
                  control={control}
                  name="code"
                  format={(typed) => typed.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH)}
                  id={`${id}-code`}
                  label="Verification code"
                  autoComplete="one-time-code"
                  required
                  autoFocus
                  inputMode="numeric"
                  pattern="[0-9]*"
                  maxLength={VERIFICATION_CODE_LENGTH}
                />
              </>
            ) : (
              <Typography color="text.secondary">
                To be sure it is you, we will text a code to your phone number.
              </Typography>
            )}
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            {codeSentTo ? (
              <Button
                type="submit"
                color="error"
                variant="contained"
                loading={deleteAccount.isPending}
              >
                Delete my account
              </Button>
            ) : (
              <Button
                onClick={sendCode}
                color="error"
                variant="contained"
                loading={requestCode.isPending}
              >
                Send code
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
