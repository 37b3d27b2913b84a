import { useQuery } from '@tanstack/react-query';
import {
  HttpError,
  MOMENT_ERRORS,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  commentFromDoc,
  membersOf,
  shouldRetryQuery,
  type Comment,
  type DocFields,
} from '@moments/shared';
import { listenWhenReady, onQuerySnapshot } from '../../../lib/firestore';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { commentsAnswer, fetchAnswer } from './first-answers';

export const commentsQueryKey = (journalId: string) => ['journals', journalId, 'comments'] as const;

/** What a person is told for the Firestore error codes that have a meaning to them. */
const TIMELINE_MESSAGES: Record<string, string> = {
  'permission-denied': MOMENT_ERRORS.timelineNoAccess,
  unauthenticated: MOMENT_ERRORS.timelineSignedOut,
};

/**
 * Why the timeline is missing, in the person's words: a refused read says so; anything else
 * (Firestore's own texts are technical) is the general "Unable to load timeline entries".
 */
export class TimelineLoadError extends Error {
  override readonly name = 'TimelineLoadError';
  constructor(cause: unknown) {
    const code =
      typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
    super(TIMELINE_MESSAGES[code] ?? MOMENT_ERRORS.loadTimeline, { cause });
  }
}

/**
 * The timeline entries, oldest first, live: the comments subcollection ordered by createdAt,
 * with authors' names from the journal's member cards (they follow renames). The journal
 * document is the one the moment page listens to already; the SDK shares that listener.
 */
export function listenToComments(journalId: string): LiveSource<Comment[]> {
  return (next, fail) => {
    const failWith = (error: unknown) => fail(new TimelineLoadError(error));
    return listenWhenReady(({ sdk, db, uid }) => {
      const ref = sdk.doc(db, 'journals', journalId);
      let journal: DocFields | undefined;
      let entries: { id: string; data: DocFields }[] | undefined;
      const emit = () => {
        if (!journal || !entries) return;
        const cards = membersOf(journal);
        next(entries.map((entry) => commentFromDoc(entry.id, entry.data, cards)));
      };
      return [
        sdk.onSnapshot(
          ref,
          (snapshot) => {
            // A journal gone or out of reach is the moment page's to report.
            journal = snapshot.data() ?? {};
            emit();
          },
          failWith,
        ),
        onQuerySnapshot(
          sdk,
          sdk.query(sdk.collection(ref, 'comments'), sdk.orderBy('createdAt')),
          (snapshot) => {
            entries = snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
            emit();
          },
          failWith,
          `journals/${journalId}/comments:${uid}`,
        ),
      ];
    }, failWith);
  };
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
      fetchAnswer<Comment[]>(answer).catch((error: unknown) => {
        if (error instanceof HttpError) {
          throw new TimelineLoadError({ code: API_REFUSALS[error.status] ?? error.status });
        }
        throw error;
      }),
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

export function useComments(journalId: string) {
  return useQuery(getCommentsQueryOptions(journalId));
}
