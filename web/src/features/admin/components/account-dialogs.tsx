import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountSchema,
  makeAdminSchema,
  type DeleteAccountInput,
  type MakeAdminInput,
} from '@moments/shared';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SubmitForm } from '../../../components/ui/submit-form';

interface FormDialogProps<T> {
  open: boolean;
  name: string;
  pending: boolean;
  error?: string;
  onCancel: () => void;
  onSubmit: (input: T) => void;
}

interface AccountFormDialogProps extends Omit<FormDialogProps<never>, 'name' | 'onSubmit'> {
  id: string;
  title: ReactNode;
  /** What the action does, above the form. */
  text: ReactNode;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** The frame both dialogs share: cannot be closed while the request runs; Cancel under submit. */
function AccountFormDialog({
  open,
  id,
  title,
  text,
  submitLabel,
  pending,
  error,
  onCancel,
  onSubmit,
  children,
}: AccountFormDialogProps) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <SubmitForm
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          pending={pending}
          error={error}
          footer={
            <Button onClick={onCancel} disabled={pending} fullWidth>
              Cancel
            </Button>
          }
        >
          {children}
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}

/** Username and password for the new admin's own admin login. */
export function MakeAdminDialog({ name, onSubmit, ...dialog }: FormDialogProps<MakeAdminInput>) {
  const id = useId();
  const { control, handleSubmit } = useForm<MakeAdminInput>({
    resolver: zodResolver(makeAdminSchema),
    defaultValues: { username: '', password: '' },
  });
  return (
    <AccountFormDialog
      {...dialog}
      id={id}
      title={<>Make {name} an admin</>}
      text={
        <>
          Admin rights work only through the admin login: give {name} this username and a password
          of at least {ADMIN_PASSWORD_MIN_LENGTH} characters, in person.
        </>
      }
      submitLabel="Make admin"
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormTextField
        control={control}
        name="username"
        id={`${id}-username`}
        label="Admin username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <FormTextField
        control={control}
        name="password"
        id={`${id}-password`}
        label="Admin password"
        type="password"
        autoComplete="new-password"
        required
      />
    </AccountFormDialog>
  );
}

/** Deleting an account asks for the word DELETE, typed. */
export function DeleteAccountDialog({
  name,
  onSubmit,
  ...dialog
}: FormDialogProps<DeleteAccountInput>) {
  const id = useId();
  const { control, handleSubmit } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { confirmation: '' },
  });
  return (
    <AccountFormDialog
      {...dialog}
      id={id}
      title={<>Delete {name}&apos;s account</>}
      text={
        <>
          This deletes the moments {name} owns with all their photos, entries and links, takes them
          out of every other moment, and removes their account. Entries and photos they added to
          other people&apos;s moments stay there, shown as by &quot;Deleted account&quot;. A Moments
          Plus subscription is cancelled at once. This cannot be undone.
        </>
      }
      submitLabel="Delete account"
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormTextField
        control={control}
        name="confirmation"
        id={`${id}-confirmation`}
        label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
    </AccountFormDialog>
  );
}
