import { useEffect, useState } from 'react';
import { useUser } from '../../auth/api/get-user';
import { listOutbox, OUTBOX_CHANNEL, type OutboxItem } from '../api/outbox-store';

/**
 * The signed-in person's outbox items (all, or one moment's), oldest first, kept current as
 * any tab or the worker changes the outbox.
 */
export function useOutboxItems(journalId?: string): OutboxItem[] {
  const uid = useUser().data?.id;
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!uid) return;
    let current = true;
    const load = () =>
      void listOutbox(uid)
        .then((all) => {
          if (!current) return;
          const mine = journalId ? all.filter((i) => i.journalId === journalId) : all;
          // Still empty: the same array, so the screens using it do not render again for nothing.
          setItems((shown) => (shown.length === 0 && mine.length === 0 ? shown : mine));
        })
        .catch((error: unknown) => console.warn('Could not read the outbox:', error));
    load();
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = load;
    return () => {
      current = false;
      channel.close();
    };
  }, [uid, journalId]);
  return uid ? items : [];
}
