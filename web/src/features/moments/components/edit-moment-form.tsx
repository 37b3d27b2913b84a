import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MOMENT_ERRORS, type Journal, type JournalImage } from '@moments/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { journalQueryKey } from '../api/get-journal';
import { journalsQueryKey } from '../api/get-journals';
import { useSaveMomentEdits } from '../api/save-moment-edits';
import { usePendingPhotos } from '../api/use-pending-photos';
import {
  MomentFormActions,
  MomentFormFields,
  useMomentForm,
  useMomentSave,
} from './moment-form-fields';
import { PendingPhotosInput } from './pending-photos';
import { PhotoArranger } from './photo-arranger/photo-arranger';

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * `/moment/:id/edit` for the owner. Title, content, order and cover change on Save; a photo's
 * crop and turn are saved by the photo editor, and removing a photo is done at once (after a
 * confirmation); new photos go up on Save, after the rest, and join the end of the order. A
 * photo that fails to upload can be retried without losing the others or the edits.
 */
export function EditMomentForm({ journal }: { journal: Journal }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useMomentForm({ title: journal.title, content: journal.content ?? '' });
  const save = useSaveMomentEdits(journal.id);
  const pending = usePendingPhotos();
  const [photos, setPhotos] = useState<JournalImage[]>(journal.images);
  const [coverId, setCoverId] = useState<string | null>(
    journal.coverImageId ?? journal.images[0]?.id ?? null,
  );
  // The order the server has, so Save sends it only when it changed.
  const [savedOrder, setSavedOrder] = useState(() => journal.images.map((image) => image.id));
  const { busy, setBusy, error, setError, whileSaving } = useMomentSave();
  const momentPath = `/journals/${encodeURIComponent(journal.id)}`;

  const onRemoved = (imageId: string) => {
    setSavedOrder((was) => was.filter((id) => id !== imageId));
    const rest = photos.filter((photo) => photo.id !== imageId);
    setPhotos(rest);
    if (coverId === imageId) setCoverId(rest[0]?.id ?? null);
  };

  const onSubmit = form.handleSubmit((values) =>
    whileSaving(async () => {
      const order = photos.map((photo) => photo.id);
      await save.mutateAsync({
        title: values.title,
        content: values.content,
        coverImageId: coverId,
        order: sameOrder(order, savedOrder) ? undefined : order,
      });
      setSavedOrder(order);

      const { ok } = await pending.uploadAll(journal.id);
      if (!ok) {
        setError(MOMENT_ERRORS.photoUploads);
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: journalQueryKey(journal.id), exact: true }),
        queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }),
      ]);
      await navigate(momentPath);
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={3}>
        <MomentFormFields form={form} disabled={busy} />
        <Box component="section" aria-labelledby="edit-photos-heading">
          <Typography id="edit-photos-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            Photos
          </Typography>
          <Stack spacing={1.5}>
            <PhotoArranger
              journalId={journal.id}
              photos={photos}
              coverId={coverId}
              disabled={busy}
              onReorder={setPhotos}
              onCoverChange={setCoverId}
              onPhotoSaved={(saved) =>
                setPhotos((list) => list.map((photo) => (photo.id === saved.id ? saved : photo)))
              }
              onRemoved={onRemoved}
            />
          </Stack>
        </Box>
        <Box component="section" aria-labelledby="edit-new-photos-heading">
          <Typography id="edit-new-photos-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            Add more photos
          </Typography>
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              Take new photos or choose them from your gallery, several at once. They are uploaded
              when you save and join the end of the moment.
            </Typography>
            <PendingPhotosInput
              pending={pending}
              journalId={journal.id}
              busy={busy}
              onBusyChange={setBusy}
            />
          </Stack>
        </Box>
        <MomentFormActions error={error} busy={busy} cancelTo={momentPath} />
      </Stack>
    </Box>
  );
}
