import { useQuery } from '@tanstack/react-query';
import {
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  journalListFromDocs,
  shouldRetryQuery,
  type DocFields,
  type Journal,
  type StoredMemberState,
} from '@moments/shared';
import { listenWhenReady, onQuerySnapshot } from '../../../lib/firestore';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { fetchAnswer, journalsAnswer } from './first-answers';

export const journalsQueryKey = ['journals'] as const;

/**
 * The signed-in person's moments, own and shared, live, from two listeners whatever the number
 * of moments: `journals where memberIds array-contains uid` (each document carries what its
 * card shows: the cover copy and the collaborator cards) and `memberStates where userId ==
 * uid` (the person's pin and badge on each). No read per card (docs/data-model.md).
 */
export const listenToJournals: LiveSource<Journal[]> = (next, fail) =>
  listenWhenReady(({ sdk, db, uid }) => {
    let docs: { id: string; data: DocFields }[] | undefined;
    let states: StoredMemberState[] | undefined;
    const emit = () => {
      if (docs && states) next(journalListFromDocs(docs, uid, states));
    };
    return [
      onQuerySnapshot(
        sdk,
        sdk.query(sdk.collection(db, 'journals'), sdk.where('memberIds', 'array-contains', uid)),
        (snapshot) => {
          docs = snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
          emit();
        },
        fail,
        `journals:${uid}`,
      ),
      onQuerySnapshot(
        sdk,
        sdk.query(sdk.collection(db, 'memberStates'), sdk.where('userId', '==', uid)),
        (snapshot) => {
          states = snapshot.docs.map((d) => d.data() as StoredMemberState);
          emit();
        },
        fail,
        `memberStates:${uid}`,
      ),
    ];
  }, fail);

/** GET /api/journals, until this device's cache holds both queries of the listener. */
const journalsFirstAnswer: FirstAnswer<Journal[]> = {
  cached: () => isSynced(journalsAnswer.queries),
  fetch: () => fetchAnswer<Journal[]>(journalsAnswer),
};

export function getJournalsQueryOptions() {
  return {
    ...liveQueryOptions(journalsQueryKey, listenToJournals, journalsFirstAnswer),
    // The moment screens retry once, after 1 s.
    retry: (failureCount: number, error: Error) =>
      shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  };
}

/** The list waits for a signed-in user. */
export function useJournals({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getJournalsQueryOptions(), enabled });
}

export { sortJournals } from '@moments/shared';

export { isSharedJournal } from '../utils/journal-list';
