import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { MOMENT_ERRORS } from '@moments/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useCreateJournal } from '../api/create-journal';
import { journalsQueryKey } from '../api/get-journals';
import { usePendingPhotos } from '../api/use-pending-photos';
import {
  MomentFormActions,
  MomentFormFields,
  useMomentForm,
  useMomentSave,
} from './moment-form-fields';
import { PendingPhotosInput } from './pending-photos';

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
  const { busy, setBusy, error, setError, whileSaving } = useMomentSave();

  const finish = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: journalsQueryKey });
    await navigate(`/journals/${encodeURIComponent(id)}`);
  };

  const uploadAndFinish = async (id: string) => {
    const { ok } = await pending.uploadAll(id);
    if (ok) await finish(id);
    else setError(MOMENT_ERRORS.photoUploads);
  };

  const onSubmit = form.handleSubmit((values) =>
    whileSaving(async () => {
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
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2.5}>
        <MomentFormFields form={form} disabled={busy || journalId !== null} />
        <PendingPhotosInput
          pending={pending}
          journalId={journalId}
          busy={busy}
          onBusyChange={setBusy}
        />
        <MomentFormActions error={error} busy={busy} cancelTo="/home" />
      </Stack>
    </Box>
  );
}
