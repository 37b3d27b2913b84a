import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { MOMENT_ERRORS, createJournalSchema, failureMessage } from '@moments/shared';
import { z } from 'zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { TextInput } from '../../../components/ui/text-input';

const momentFormSchema = createJournalSchema.pick({ title: true }).extend({
  content: z.string().max(createJournalSchema.shape.content.unwrap().maxLength ?? Infinity),
});

export type MomentFormValues = z.input<typeof momentFormSchema>;
export type MomentFormOutput = z.output<typeof momentFormSchema>;

export function useMomentForm(defaults: MomentFormValues = { title: '', content: '' }) {
  return useForm<MomentFormValues, unknown, MomentFormOutput>({
    resolver: zodResolver(momentFormSchema),
    defaultValues: defaults,
  });
}

/** Title (required) and content (optional, multiline). */
export function MomentFormFields({
  form,
  disabled,
}: {
  form: UseFormReturn<MomentFormValues, unknown, MomentFormOutput>;
  disabled?: boolean;
}) {
  const { register, formState } = form;
  return (
    <Stack spacing={2}>
      <TextInput
        label="Title"
        required
        disabled={disabled}
        error={Boolean(formState.errors.title)}
        helperText={formState.errors.title?.message}
        {...register('title')}
      />
      <TextInput
        label="Content"
        multiline
        minRows={3}
        disabled={disabled}
        error={Boolean(formState.errors.content)}
        helperText={formState.errors.content?.message}
        {...register('content')}
      />
    </Stack>
  );
}

/** A moment form's Save state: `whileSaving(work)` keeps the form busy and shows a failure. */
export function useMomentSave() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const whileSaving = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(failureMessage(cause, MOMENT_ERRORS.save));
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, error, setError, whileSaving };
}

/** The form's error, then Cancel (back to `cancelTo`) and Save. */
export function MomentFormActions({
  error,
  busy,
  cancelTo,
}: {
  error: string | null;
  busy: boolean;
  cancelTo: string;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={cancelTo} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </>
  );
}
