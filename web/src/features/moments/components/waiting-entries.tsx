import type { Comment, JournalImage } from '@moments/shared';
import { useUser } from '../../auth/api/get-user';
import type { OutboxItem } from '../../offline/api/outbox-store';
import { Entry } from './timeline';
import { WaitingStatus } from './waiting-status';

/** An outbox entry in the shape the timeline lists, by the signed-in person. */
function asComment(item: OutboxItem, user: Comment['user']): Comment | null {
  if (item.op.kind !== 'entry') return null;
  return {
    id: item.id,
    text: item.op.text,
    createdAt: item.createdAt,
    photoId: item.op.photoId,
    parentCommentId: item.op.parentCommentId,
    user,
  };
}

interface WaitingEntriesProps {
  items: OutboxItem[];
  images: JournalImage[];
  onPhotoRef: (image: JournalImage) => void;
  /** As the timeline's (timeline.tsx): the moment's photo count, and links to photos not held. */
  photoCount?: number;
  onPhotoNumber?: (n: number) => void;
}

/**
 * Entries typed on this device that the function does not have yet, after the timeline, in
 * the order they were written: "Waiting to send", or refused with the reason, Retry and Discard.
 */
export function WaitingEntries({ items, ...links }: WaitingEntriesProps) {
  const user = useUser().data;
  if (!user) return null;
  const author = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    profilePictureUrl: user.profilePictureUrl,
  };
  return items.map((item) => {
    const comment = asComment(item, author);
    if (!comment) return null;
    return (
      <Entry key={item.id} comment={comment} {...links} status={<WaitingStatus item={item} />} />
    );
  });
}
