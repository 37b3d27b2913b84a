import { useQuery } from '@tanstack/react-query';
import {
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  shouldRetryQuery,
  type Journal,
} from '@moments/shared';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { fetchAnswer, journalsAnswer } from './first-answers';
import { workerSource } from './worker-source';

export const journalsQueryKey = ['journals'] as const;

/**
 * The signed-in person's moments, own and shared, live: two listeners in the live-data worker
 * (live-listeners.ts), whatever the number of moments.
 */
export const listenToJournals: LiveSource<Journal[]> = workerSource({ name: 'journals', args: [] });

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
