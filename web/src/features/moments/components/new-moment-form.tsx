import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { HttpError } from '@moments/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCreateJournal } from '../api/create-journal';
import { journalsQueryKey } from '../api/get-journals';
import { MomentFormFields, useMomentForm } from './moment-form-fields';
import { AddPhotosButton, PendingPhotoList, usePendingPhotos } from './pending-photos';

/**
 * `/moment/new`: the moment is created first, then each photo is compressed and uploaded.
 * A failed photo can be retried (or removed) without losing the others or the text.
 */
export function NewMomentForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useMomentForm();
  const create = useCreateJournal();
  const pending = usePendingPhotos();
  const [journalId, setJournalId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: journalsQueryKey });
    await navigate(`/journals/${encodeURIComponent(id)}`);
  };

  const uploadAndFinish = async (id: string) => {
    const { ok } = await pending.uploadAll(id);
    if (ok) await finish(id);
    else setError('Some photos could not be uploaded. Retry them, or remove them and save again.');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      let id = journalId;
      if (!id) {
        const journal = await create.mutateAsync({
          title: values.title,
          content: values.content || undefined,
        });
        id = journal.id;
        setJournalId(id);
      }
      await uploadAndFinish(id);
    } catch (cause) {
      setError(
        (cause instanceof HttpError && cause.serverMessage) ||
          'Could not save the moment. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2.5}>
        <MomentFormFields form={form} disabled={busy || journalId !== null} />
        <Box>
          <AddPhotosButton onFiles={pending.add} disabled={busy} />
        </Box>
        <PendingPhotoList
          photos={pending.photos}
          busy={busy}
          onRemove={pending.remove}
          onRetry={
            journalId
              ? (photo) => {
                  setBusy(true);
                  void pending.uploadOne(journalId, photo).finally(() => setBusy(false));
                }
              : undefined
          }
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/home" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
