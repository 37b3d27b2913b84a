import { useCallback } from 'react';
import { compressMomentPhoto } from '../../../lib/compress-image';
import { useUser } from '../../auth/api/get-user';
import { queueFailureMessage, queueWrite } from './send-or-queue';

const PHOTO_QUEUE_FAILED = 'Could not keep that photo on this device. Please try again.';

/**
 * "Add photos" on the moment page, online or not: each photo is compressed and kept in the
 * outbox, which sends them in order (at once when online). Rejects when the device could not
 * keep one (photoQueueFailureMessage); those before it are kept.
 */
export function useAddPhotos(journalId: string): (files: File[]) => Promise<void> {
  const uid = useUser().data?.id;
  return useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const capturedAt = await (await import('../../../lib/capture-date')).readCaptureDate(file);
        const blob = await compressMomentPhoto(file);
        await queueWrite(uid, journalId, {
          kind: 'photo',
          blob,
          filename: file.name,
          ...(capturedAt ? { capturedAt } : {}),
        });
      }
    },
    [uid, journalId],
  );
}

export function photoQueueFailureMessage(error: unknown): string {
  return queueFailureMessage(error, PHOTO_QUEUE_FAILED);
}
