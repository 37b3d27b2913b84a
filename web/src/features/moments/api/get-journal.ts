import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  HttpError,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  shouldRetryQuery,
  type Journal,
} from '@moments/shared';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { fetchAnswer, journalAnswer } from './first-answers';
import { MomentUnavailableError, isMomentUnavailable } from './moment-errors';
import { REFUSED_KEY, isRefused, setRefused } from './refused-moments';
import { workerSource } from './worker-source';

export const journalQueryKey = (id: string) => ['journals', id] as const;

/**
 * One moment with all its photos in display order and the person's own pin and badge, live: a
 * listener in the live-data worker (live-listeners.ts). Its first answer from the API holds only
 * the first photos (`hasAllPhotos`), until the listener answers or `useAllPhotos` asks.
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
      fetchAnswer<Journal>(answer).then(
        // A refetch keeps the photos the data holds beyond the answer's first ones.
        (journal) => withPhotosHeld(appQueryClient.getQueryData(journalQueryKey(id)), journal),
        (error: unknown) => {
          if (error instanceof HttpError && REFUSED_STATUSES.includes(error.status)) {
            setRefused(id, true);
            throw new MomentUnavailableError();
          }
          throw error;
        },
      ),
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

/**
 * Whether the moment's data holds every photo: the listener's always does; the API's first
 * answer holds only the first MOMENT_FIRST_PHOTOS of a bigger moment.
 */
export function hasAllPhotos(journal: Journal): boolean {
  return journal.images.length >= journal.photoCount;
}

/**
 * A moment answered by the API (PATCH's answer, a refetch) in place of `previous`: when it holds
 * only the first photos and the data had them all, of the same number, the photos already held
 * stay (the listener sends any change to them); a photo added or removed meanwhile: the answer.
 */
export function withPhotosHeld(previous: Journal | undefined, answer: Journal): Journal {
  if (!previous || hasAllPhotos(answer) || !hasAllPhotos(previous)) return answer;
  if (previous.photoCount !== answer.photoCount) return answer;
  return { ...answer, images: previous.images };
}

/**
 * Every photo of a moment from GET /api/journals/:id/photo-index, written into its data. The
 * call's code (load-all-photos.ts), and the photo index's decoding with it, loads when first
 * asked for: most opens never need it, and the first screens' code stays as it was.
 */
export async function loadAllPhotos(id: string) {
  return (await import('./load-all-photos')).loadAllPhotos(appQueryClient, journalQueryKey(id), id);
}

/**
 * Every photo of the moment, when `wanted` (a screen needs one the first answer does not hold:
 * a "#photo N" link, the viewer, a photo's comments, the arranger, the carousel near the end of
 * what it has). Asks only while the data holds the first photos alone; returns whether it holds
 * them all.
 */
export function useAllPhotos(id: string, journal: Journal | undefined, wanted: boolean): boolean {
  const missing = journal !== undefined && !hasAllPhotos(journal);
  useEffect(() => {
    // A failure (offline, say) leaves the listener to complete them.
    if (wanted && missing) loadAllPhotos(id).catch(() => undefined);
  }, [id, wanted, missing]);
  return journal !== undefined && !missing;
}
