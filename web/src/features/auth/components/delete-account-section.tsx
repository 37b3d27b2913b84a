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
  deletionChoicesSchema,
  formatPhoneInput,
  type ContributionChoice,
  type SharedMomentChoice,
} from '@moments/shared';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SettingsSection } from '../../../components/ui/settings-section';
import {
  useDeleteMyAccount,
  useDeletionProofs,
  useRequestDeletionCode,
} from '../api/delete-account';
import { useAddPasskey } from '../api/passkey-list';
import { isPasskeyPromptClosed } from '../utils/passkey-prompt';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

function messageOf(error: unknown): string {
  return (error instanceof HttpError && error.serverMessage) || FALLBACK_ERROR;
}

/** How the person proves it is them: a passkey step, a texted code, or a passkey to add first. */
type Proof = 'passkey' | 'code' | 'addPasskey';

interface DeletionForm {
  code: string;
  sharedMoments: SharedMomentChoice;
  contributions: ContributionChoice;
}

/**
 * The server's schemas: with a code, the whole body (choices and code); with a passkey, the
 * choices (the passkey's answer is added, and the body checked again, when it is sent).
 */
const codeResolver = zodResolver(deleteMyAccountSchema) as unknown as Resolver<DeletionForm>;
const choicesResolver = zodResolver(deletionChoicesSchema) as unknown as Resolver<DeletionForm>;
/** The form's context is the proof asked for (useForm's `context`). */
const resolver: Resolver<DeletionForm> = (values, proof: Proof | undefined, options) =>
  proof === 'code' ? codeResolver(values, proof, options) : choicesResolver(values, proof, options);

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
 * match the page's "My Account" heading): the consequences and two choices, then a fresh
 * proof: the passkey step when the person has a passkey, a code texted to their proven number
 * otherwise (or when they choose it); with neither, they add a passkey here first, so everyone
 * can leave without asking anyone. The form checks the same schemas as the server.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [chosenProof, setChosenProof] = useState<'passkey' | 'code'>();
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const proofs = useDeletionProofs(open);
  const requestCode = useRequestDeletionCode();
  const deleteAccount = useDeleteMyAccount();
  const addPasskey = useAddPasskey();
  const id = useId();
  const available = proofs.data;
  const proof: Proof | undefined = !available
    ? undefined
    : chosenProof && available[chosenProof]
      ? chosenProof
      : available.passkey
        ? 'passkey'
        : available.code
          ? 'code'
          : 'addPasskey';
  const { control, handleSubmit, reset } = useForm<DeletionForm>({
    resolver,
    context: proof,
    defaultValues: { code: '', sharedMoments: 'delete', contributions: 'remove' },
  });
  const busy = requestCode.isPending || deleteAccount.isPending || addPasskey.isPending;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setChosenProof(undefined);
    setCodeSentTo(undefined);
    setError(undefined);
    reset();
  };

  const switchTo = (next: 'passkey' | 'code') => {
    setError(undefined);
    setChosenProof(next);
  };

  const sendCode = () => {
    setError(undefined);
    requestCode.mutate(undefined, {
      onSuccess: (answer) => setCodeSentTo(answer.phoneNumber),
      onError: (failure) => setError(messageOf(failure)),
    });
  };

  const addFirstPasskey = () => {
    setError(undefined);
    addPasskey.mutate(undefined, {
      onSuccess: () => void proofs.refetch(),
      onError: (failure) => {
        if (!isPasskeyPromptClosed(failure)) setError(messageOf(failure));
      },
    });
  };

  const submit = handleSubmit(({ code, sharedMoments, contributions }) => {
    setError(undefined);
    deleteAccount.mutate(
      { choices: { sharedMoments, contributions }, proof: proof === 'code' ? { code } : 'passkey' },
      {
        onError: (failure) => {
          if (!isPasskeyPromptClosed(failure)) setError(messageOf(failure));
        },
      },
    );
  });

  const deleteButton = (
    <Button type="submit" color="error" variant="contained" loading={deleteAccount.isPending}>
      Delete my account
    </Button>
  );

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
            {proofs.isError && (
              <Alert severity="error" role="alert">
                {messageOf(proofs.error)}
              </Alert>
            )}
            {proof === 'passkey' && (
              <Typography color="text.secondary">
                To be sure it is you, your device asks for your passkey (your face, fingerprint or
                screen lock) when you press Delete my account.
              </Typography>
            )}
            {proof === 'addPasskey' && (
              <Typography color="text.secondary">
                To be sure it is you, we ask for a passkey (your face, fingerprint or screen lock)
                before deleting. You have none yet: add one on this device first.
              </Typography>
            )}
            {proof === 'code' &&
              (codeSentTo ? (
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
              ))}
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap' }}>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            {proof === 'passkey' && available?.code && (
              <Button onClick={() => switchTo('code')} disabled={busy}>
                Text me a code instead
              </Button>
            )}
            {proof === 'code' && available?.passkey && (
              <Button onClick={() => switchTo('passkey')} disabled={busy}>
                Use my passkey instead
              </Button>
            )}
            {proof === 'passkey' && deleteButton}
            {proof === 'code' && codeSentTo && deleteButton}
            {proof === 'code' && !codeSentTo && (
              <Button
                onClick={sendCode}
                color="error"
                variant="contained"
                loading={requestCode.isPending}
              >
                Send code
              </Button>
            )}
            {proof === 'addPasskey' && (
              <Button
                onClick={addFirstPasskey}
                color="error"
                variant="contained"
                loading={addPasskey.isPending}
              >
                Add a passkey
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
