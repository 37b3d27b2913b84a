import { useQuery } from '@tanstack/react-query';
import {
  HttpError,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  MOMENT_UNAVAILABLE,
  byDisplayOrder,
  imageFromDoc,
  isVisibleTo,
  journalFromDoc,
  shouldRetryQuery,
  memberStateId,
  type DocFields,
  type Journal,
  type JournalImage,
  type StoredMemberState,
} from '@moments/shared';
import { listenWhenReady, onQuerySnapshot } from '../../../lib/firestore';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import { fetchAnswer, journalAnswer } from './first-answers';

export const journalQueryKey = (id: string) => ['journals', id] as const;

/**
 * The moment does not exist, is being deleted, or the person is not (or no longer) a member.
 * Firestore's rules answer all of these with permission-denied, so its existence does not leak.
 */
export class MomentUnavailableError extends Error {
  override readonly name = 'MomentUnavailableError';
  constructor() {
    super(MOMENT_UNAVAILABLE.notFound);
  }
}

/** Firestore's refusal (rules) or absence, as the moment screens tell it. */
export function unavailableIfDenied(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'permission-denied' || code === 'not-found'
    ? new MomentUnavailableError()
    : error;
}

/**
 * One moment with all its photos in display order and the person's own pin and badge, live:
 * the journal document, its images subcollection (ordered by orderIndex) and the person's
 * state document, emitted together once all have answered.
 */
// Moments refused to this reader on this device (removed, left, deleted): Firestore's
// persistent cache may still hold them as they were, so for these only the server's answer
// counts, also after a reload.
const REFUSED_KEY = 'moments.refusedMoments';
const REFUSED_MAX = 200;

function readRefused(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(REFUSED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function setRefused(id: string, value: boolean) {
  const list = readRefused().filter((other) => other !== id);
  if (value) list.push(id);
  try {
    localStorage.setItem(REFUSED_KEY, JSON.stringify(list.slice(-REFUSED_MAX)));
  } catch {
    // storage unavailable: the page then shows the cached copy until the server says no
  }
}

export function listenToJournal(id: string): LiveSource<Journal> {
  return (next, fail) => {
    const failWith = (error: unknown) => {
      const reason = unavailableIfDenied(error);
      if (reason instanceof MomentUnavailableError) setRefused(id, true);
      fail(reason);
    };
    return listenWhenReady(({ sdk, db, uid }) => {
      const ref = sdk.doc(db, 'journals', id);
      let journal: { id: string; data: DocFields } | undefined;
      let images: JournalImage[] | undefined;
      // null: answered, and there is none (a member from before state documents existed).
      let state: StoredMemberState | null | undefined;
      const emit = () => {
        if (journal && images && state !== undefined) {
          next(journalFromDoc(journal.id, journal.data, uid, images, state ?? undefined));
        }
      };
      return [
        sdk.onSnapshot(
          ref,
          (snapshot) => {
            // Not in the cache yet while offline: not a verdict, the server's answer decides.
            if (snapshot.metadata.fromCache && (!snapshot.exists() || readRefused().includes(id))) {
              return;
            }
            if (
              !snapshot.metadata.fromCache &&
              isVisibleTo(snapshot.data() ?? {}, uid) &&
              readRefused().includes(id)
            ) {
              setRefused(id, false);
            }
            const data = snapshot.data();
            if (!data || !isVisibleTo(data, uid)) return failWith(new MomentUnavailableError());
            journal = { id: snapshot.id, data };
            emit();
          },
          failWith,
        ),
        onQuerySnapshot(
          sdk,
          sdk.query(sdk.collection(ref, 'images'), sdk.orderBy('orderIndex')),
          (snapshot) => {
            images = snapshot.docs.map((d) => imageFromDoc(d.id, d.data())).sort(byDisplayOrder);
            emit();
          },
          failWith,
          `journals/${id}/images:${uid}`,
        ),
        // A query rather than the document, so "none yet" is an empty answer, not a refusal
        // (the rules let a person read only state documents that say they are theirs).
        onQuerySnapshot(
          sdk,
          sdk.query(
            sdk.collection(db, 'memberStates'),
            sdk.where('userId', '==', uid),
            sdk.where(sdk.documentId(), '==', memberStateId(id, uid)),
          ),
          (snapshot) => {
            state = (snapshot.docs[0]?.data() as StoredMemberState | undefined) ?? null;
            emit();
          },
          failWith,
          `memberStates/${id}:${uid}`,
        ),
      ];
    }, failWith);
  };
}

export const isMomentUnavailable = (error: unknown) => error instanceof MomentUnavailableError;

/** The API's refusals, as the moment screens tell them (like Firestore's). */
const REFUSED_STATUSES = [403, 404];

/** GET /api/journals/:id, until this device's cache holds the moment's queries. */
function journalFirstAnswer(id: string): FirstAnswer<Journal> {
  const answer = journalAnswer(id);
  return {
    cached: () => !readRefused().includes(id) && isSynced(answer.queries),
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
