import { useQuery } from '@tanstack/react-query';
import {
  HttpError,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  shouldRetryQuery,
  type Journal,
} from '@moments/shared';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { fetchAnswer, journalAnswer } from './first-answers';
import { MomentUnavailableError, isMomentUnavailable } from './moment-errors';
import { REFUSED_KEY, isRefused, setRefused } from './refused-moments';
import { workerSource } from './worker-source';

export const journalQueryKey = (id: string) => ['journals', id] as const;

/**
 * One moment with all its photos in display order and the person's own pin and badge, live: a
 * listener in the live-data worker (live-listeners.ts).
 */
export function listenToJournal(id: string): LiveSource<Journal> {
  return workerSource({ name: 'journal', args: [id], lists: [REFUSED_KEY] });
}

/** The API's refusals, as the moment screens tell them (like Firestore's). */
const REFUSED_STATUSES = [403, 404];

/** GET /api/journals/:id, until this device's cache holds the moment's queries. */
function journalFirstAnswer(id: string): FirstAnswer<Journal> {
  const answer = journalAnswer(id);
  return {
    cached: () => !isRefused(id) && isSynced(answer.queries),
    fetch: () =>
      fetchAnswer<Journal>(answer).catch((error: unknown) => {
        if (error instanceof HttpError && REFUSED_STATUSES.includes(error.status)) {
          setRefused(id, true);
          throw new MomentUnavailableError();
        }
        throw error;
      }),
  };
}

export function getJournalQueryOptions(id: string) {
  return {
    ...liveQueryOptions(journalQueryKey(id), listenToJournal(id), journalFirstAnswer(id)),
    // Once, after 1 s, unless the moment is simply not there for this person.
    retry: (failureCount: number, error: Error) =>
      !isMomentUnavailable(error) && shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  };
}

export function useJournal(id: string) {
  return useQuery(getJournalQueryOptions(id));
}
