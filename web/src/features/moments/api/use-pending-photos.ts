import { useCallback, useEffect, useRef, useState } from 'react';
import { failedStatus, failureMessage, type JournalImage } from '@moments/shared';
import { compressMomentPhoto } from '../../../lib/compress-image';
import { uploadImage } from './upload-image';

// The photos chosen in a moment form, from choice to stored photo: waiting (the moment may
// not exist yet), compressing, uploading, then done or failed. A failed photo keeps its
// compressed copy and can be tried again.

export type PendingStatus = 'waiting' | 'compressing' | 'uploading' | 'done' | 'failed';

export interface PendingPhoto {
  key: string;
  file: File;
  previewUrl: string;
  status: PendingStatus;
  error?: string;
  /** Refused because the uploader's free photo allowance is full (402). */
  limitReached?: boolean;
  /** The compressed copy, kept so that a retry does not compress again. */
  upload?: Blob;
  /** The capture date read from the chosen file before compression (none: unknown). */
  capturedAt?: string;
  image?: JournalImage;
}

let nextKey = 0;

/** Photos chosen in the form, compressed and uploaded once the moment exists. */
export function usePendingPhotos() {
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);

  useEffect(
    () => () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const patch = useCallback((key: string, changes: Partial<PendingPhoto>) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...changes } : p)));
  }, []);

  const add = useCallback((files: FileList | File[]) => {
    const added = Array.from(files)
      .filter((file) => file.type.startsWith('image/') || file.type === '')
      .map<PendingPhoto>((file) => ({
        key: `p${(nextKey += 1)}`,
        file,
        previewUrl: URL.createObjectURL(file),
        status: 'waiting',
      }));
    setPhotos((list) => [...list, ...added]);
  }, []);

  const remove = useCallback((key: string) => {
    setPhotos((list) => {
      const photo = list.find((p) => p.key === key);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      return list.filter((p) => p.key !== key);
    });
  }, []);

  /** Compresses and uploads one photo; resolves with the stored image, or undefined on failure. */
  const uploadOne = useCallback(
    async (journalId: string, photo: PendingPhoto): Promise<JournalImage | undefined> => {
      if (photo.image) return photo.image;
      try {
        patch(photo.key, { status: 'compressing', error: undefined, limitReached: false });
        // A photo the browser cannot decode goes up as chosen; the server decides.
        const capturedAt = photo.upload
          ? photo.capturedAt
          : await (await import('../../../lib/capture-date')).readCaptureDate(photo.file);
        const blob = photo.upload ?? (await compressMomentPhoto(photo.file));
        patch(photo.key, { upload: blob, capturedAt, status: 'uploading' });
        const image = await uploadImage(journalId, blob, {
          filename: photo.file.name,
          capturedAt,
        });
        patch(photo.key, { status: 'done', image });
        return image;
      } catch (error) {
        const limitReached = failedStatus(error) === 402;
        patch(photo.key, {
          status: 'failed',
          // The full explanation is the allowance notice under the photos.
          error: limitReached
            ? 'Free photo allowance full'
            : failureMessage(error, undefined, { ownText: true }),
          limitReached,
        });
        return undefined;
      }
    },
    [patch],
  );

  /** Uploads every photo not yet stored, one at a time; true when all are stored. */
  const uploadAll = useCallback(
    async (journalId: string): Promise<{ ok: boolean; images: JournalImage[] }> => {
      const images: JournalImage[] = [];
      let ok = true;
      for (const photo of photosRef.current) {
        const image = await uploadOne(journalId, photo);
        if (image) images.push(image);
        else ok = false;
      }
      return { ok, images };
    },
    [uploadOne],
  );

  return { photos, add, remove, uploadOne, uploadAll };
}
