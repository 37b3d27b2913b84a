import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  HttpError,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  postedToComment,
  shouldRetryQuery,
  TIMELINE_PAGE_SIZE,
  type Comment,
  type CommentsPage,
  type PostedComment,
} from '@moments/shared';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { commentsAnswer, fetchAnswer } from './first-answers';
import { TimelineLoadError } from './moment-errors';
import { workerSource } from './worker-source';

export const commentsQueryKey = (journalId: string) => ['journals', journalId, 'comments'] as const;

// Entries this device posted (the server stored them) that the timeline's listener has not
// shown yet, by moment. A listener that lags behind the post (its update still on the way while
// the journal's own changes come in) must not take the person's entry off their screen.
const postedNotShown = new Map<string, Map<string, Comment>>();

/**
 * Shows a posted entry (sent now, or from the outbox) in its cached timeline at once, unless the
 * live listener has brought it in already, and keeps it there until the listener has it. A
 * timeline not loaded yet is left to its listener.
 */
export function showPostedEntry(
  queryClient: QueryClient,
  journalId: string,
  posted: PostedComment,
) {
  const entry = postedToComment(posted);
  queryClient.setQueryData<Comment[]>(commentsQueryKey(journalId), (list) => {
    if (!list || list.some((shown) => shown.id === entry.id)) return list;
    const waiting = postedNotShown.get(journalId) ?? new Map<string, Comment>();
    postedNotShown.set(journalId, waiting.set(entry.id, entry));
    return [...list, entry];
  });
}

/** The listener's entries, with this device's posted ones it has not caught up with yet. */
function withPostedEntries(journalId: string, entries: Comment[]): Comment[] {
  const waiting = postedNotShown.get(journalId);
  if (!waiting) return entries;
  for (const entry of entries) waiting.delete(entry.id);
  // One older than a full page's oldest is past the newest page: its listener will not bring it.
  const oldest = entries.length >= TIMELINE_PAGE_SIZE ? entries[0]?.createdAt : undefined;
  for (const [id, entry] of waiting) if (oldest && entry.createdAt < oldest) waiting.delete(id);
  if (waiting.size === 0) {
    postedNotShown.delete(journalId);
    return entries;
  }
  // Oldest first, as the listener orders them (ISO times of one format sort as text).
  return [...entries, ...waiting.values()].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
}

/**
 * The timeline entries, oldest first, live, with authors' names from the journal's member
 * cards: a listener in the live-data worker (live-listeners.ts).
 */
export function listenToComments(journalId: string): LiveSource<Comment[]> {
  // Any failure, the worker's own included, reads as the timeline's (the spec's texts).
  const source = workerSource<Comment[]>({ name: 'comments', args: [journalId] }, (error) =>
    error instanceof TimelineLoadError ? error : new TimelineLoadError(error),
  );
  return (next, fail) => source((entries) => next(withPostedEntries(journalId, entries)), fail);
}

/** The API's refusals, named as Firestore names them, so the person reads the same message. */
const API_REFUSALS: Record<number, string> = {
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'permission-denied',
};

/** GET /api/journals/:id/comments, until this device's cache holds the entries' query. */
function commentsFirstAnswer(journalId: string): FirstAnswer<Comment[]> {
  const answer = commentsAnswer(journalId);
  return {
    cached: () => isSynced(answer.queries),
    fetch: () =>
      fetchAnswer<CommentsPage>(answer).then(
        (page) => page.entries,
        (error: unknown) => {
          if (error instanceof HttpError) {
            throw new TimelineLoadError({ code: API_REFUSALS[error.status] ?? error.status });
          }
          throw error;
        },
      ),
  };
}

export function getCommentsQueryOptions(journalId: string) {
  return {
    ...liveQueryOptions(
      commentsQueryKey(journalId),
      listenToComments(journalId),
      commentsFirstAnswer(journalId),
    ),
    retry: (failureCount: number, error: Error) =>
      shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  };
}

/** The timeline's newest page, live (TIMELINE_PAGE_SIZE entries, and those pushed out since). */
export function useComments(journalId: string) {
  return useQuery(getCommentsQueryOptions(journalId));
}

export const earlierCommentsQueryKey = (journalId: string, beforeId: string, size: number) =>
  ['journals', journalId, 'comments', 'before', beforeId, size] as const;

/** An earlier page: the `size` entries before entry `beforeId`. */
export interface EarlierPage {
  beforeId: string;
  size: number;
}

/**
 * The page of entries before entry `beforeId`, live, from the live-data worker's listener (no
 * API answer: the person asks for it once the page is up). Kept on this device's Firestore
 * cache like the newest page, so a page viewed once shows offline.
 */
export function getEarlierCommentsQueryOptions(journalId: string, { beforeId, size }: EarlierPage) {
  return {
    ...liveQueryOptions(
      earlierCommentsQueryKey(journalId, beforeId, size),
      workerSource<Comment[]>(
        { name: 'earlierComments', args: [journalId, beforeId, String(size)] },
        (error) => (error instanceof TimelineLoadError ? error : new TimelineLoadError(error)),
      ),
    ),
    retry: (failureCount: number, error: Error) =>
      shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  };
}

/** The earlier pages asked for (newest page first). */
export function useEarlierComments(journalId: string, pages: readonly EarlierPage[]) {
  return useQueries({
    queries: pages.map((page) => getEarlierCommentsQueryOptions(journalId, page)),
  });
}

/**
 * The entries about one photo wherever they are in the timeline (tied to it, or naming it as
 * "#photo n"), live, from the live-data worker; asked for when its Photo Comments dialog opens.
 */
export function usePhotoEntries(journalId: string, imageId: string | undefined, n: number) {
  return useQuery({
    ...liveQueryOptions(
      ['journals', journalId, 'comments', 'photo', imageId ?? '', n] as const,
      workerSource<Comment[]>(
        { name: 'photoEntries', args: [journalId, imageId ?? '', String(n)] },
        (error) => (error instanceof TimelineLoadError ? error : new TimelineLoadError(error)),
      ),
    ),
    enabled: imageId !== undefined,
    retry: (failureCount: number, error: Error) =>
      shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  });
}
