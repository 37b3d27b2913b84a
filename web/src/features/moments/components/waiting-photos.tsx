import { useEffect, useMemo, useState } from 'react';
import { FilePickerButton } from '../../../components/ui/file-picker-button';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../../auth/api/get-user';
import type { OutboxItem } from '../../offline/api/outbox-store';
import { photoQueueFailureMessage, useAddPhotos } from '../api/add-photos';
import styles from './waiting-photos.module.css';
import { WaitingStatus } from './waiting-status';

/** Object URLs for the blobs of waiting photos, revoked when they go. */
function usePreviews(items: OutboxItem[]): Map<string, string> {
  const blobs = useMemo(
    () =>
      items.flatMap((item) => (item.op.kind === 'photo' ? [[item.id, item.op.blob] as const] : [])),
    [items],
  );
  const urls = useMemo(
    () => new Map(blobs.map(([id, blob]) => [id, URL.createObjectURL(blob)])),
    [blobs],
  );
  useEffect(
    () => () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

interface WaitingPhotosProps {
  journalId: string;
  items: OutboxItem[];
}

/**
 * "Add photos" on the moment page, for every member, online or not: each photo is compressed,
 * kept on the device (the outbox) and sent in order; until then it shows here as "Waiting to
 * send", or refused with the reason, Retry and Discard.
 */
export function WaitingPhotos({ journalId, items }: WaitingPhotosProps) {
  const uid = useUser().data?.id;
  const photos = items.filter((item) => item.op.kind === 'photo');
  const previews = usePreviews(photos);
  const [adding, setAdding] = useState(false);
  const addPhotos = useAddPhotos(journalId);

  const add = async (files: File[]) => {
    if (!uid) return;
    setAdding(true);
    try {
      await addPhotos(files);
    } catch (error) {
      toast({
        title: 'Photo not added',
        description: photoQueueFailureMessage(error),
        variant: 'destructive',
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className={styles.section}>
      {photos.length > 0 && (
        <ul aria-label="Photos not sent yet" className={styles.list}>
          {photos.map((item, index) => (
            <li key={item.id} data-testid="waiting-photo">
              <img
                src={previews.get(item.id)}
                alt={`Photo ${index + 1} not sent yet`}
                className={styles.preview}
              />
              <WaitingStatus item={item} />
            </li>
          ))}
        </ul>
      )}
      <FilePickerButton
        variant="outlined"
        size="small"
        disabled={adding || !uid}
        label="Add photos"
        accept="image/*"
        multiple
        onFiles={(files) => void add(files)}
      >
        {adding ? 'Adding photos…' : 'Add photos'}
      </FilePickerButton>
    </div>
  );
}
