import { useQuery } from '@tanstack/react-query';
import {
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  journalListFromDocs,
  shouldRetryQuery,
  type Journal,
} from '@moments/shared';
import { listenWhenReady, onQuerySnapshot } from '../../../lib/firestore';
import { liveQueryOptions, type LiveSource } from '../../../lib/live-query';

export const journalsQueryKey = ['journals'] as const;

/**
 * The signed-in person's moments, own and shared, live: one listener on
 * `journals where memberIds array-contains uid`. Each document carries everything its card
 * shows (the person's pin and badge, the cover copy, the collaborator cards), so there is no
 * read per card (docs/data-model.md).
 */
export const listenToJournals: LiveSource<Journal[]> = (next, fail) =>
  listenWhenReady(({ sdk, db, uid }) => {
    const mine = sdk.query(
      sdk.collection(db, 'journals'),
      sdk.where('memberIds', 'array-contains', uid),
    );
    return [
      onQuerySnapshot(
        sdk,
        mine,
        (snapshot) =>
          next(
            journalListFromDocs(
              snapshot.docs.map((d) => ({ id: d.id, data: d.data() })),
              uid,
            ),
          ),
        fail,
        `journals:${uid}`,
      ),
    ];
  }, fail);

export function getJournalsQueryOptions() {
  return {
    ...liveQueryOptions(journalsQueryKey, listenToJournals),
    // The moment screens retry once, after 1 s (SPEC section 9).
    retry: (failureCount: number, error: Error) =>
      shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  };
}

/** The list waits for a signed-in user (SPEC section 6). */
export function useJournals({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getJournalsQueryOptions(), enabled });
}

/** Pinned first, then newest first (SPEC section 4, Moment pinning). */
export function sortJournals(journals: readonly Journal[]): Journal[] {
  return [...journals].sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** Private: 0 or 1 collaborators; Shared: more than 1 (SPEC section 4, Tab membership). */
export function isSharedJournal(journal: Pick<Journal, 'collaborators'>): boolean {
  return journal.collaborators.length > 1;
}
