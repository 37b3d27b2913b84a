// The moment pages' first answers from the API, for devices whose Firestore cache does not hold
// their queries yet (lib/live-query.ts). Free of Firebase and small, so that the router can
// start them with the page's code, and the page's query takes the answer up when it runs.
import {
  MARKED_STATES_QUERY_NAMES,
  TIMELINE_PAGE_SIZE,
  journalPageQueryName,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { keepEarlyCall, peekEarlyCall, takeEarlyCall } from '../../../lib/early-calls';
import { isSynced } from '../../../lib/synced-queries';

export interface ApiFirstAnswer {
  path: string;
  /** The listener's queries (the synced list's names): when all are cached, no API call. */
  queries: string[];
  /** Refusals the page shows as such (a signed-out visitor's 401 before the session check). */
  expectedStatuses: number[];
}

const id = encodeURIComponent;

/** The home list's first page (pinned and newest moments). */
export const journalsAnswer: ApiFirstAnswer = {
  path: '/api/journals',
  queries: [journalPageQueryName(), ...MARKED_STATES_QUERY_NAMES],
  expectedStatuses: [401],
};

/** A later page of the home list, after the last moment of the page before. */
export const journalsPageAnswer = (after: string): ApiFirstAnswer => ({
  path: `/api/journals?after=${id(after)}`,
  queries: [journalPageQueryName(after), ...MARKED_STATES_QUERY_NAMES],
  expectedStatuses: [401],
});

export const journalAnswer = (journalId: string): ApiFirstAnswer => ({
  path: `/api/journals/${id(journalId)}`,
  queries: [`journals/${journalId}/photoIndex`, `memberStates/${journalId}`],
  expectedStatuses: [401, 403, 404],
});

/** The timeline's newest page (a CommentsPage), as the page's newest-entries listener has it. */
export const commentsAnswer = (journalId: string): ApiFirstAnswer => ({
  path: `/api/journals/${id(journalId)}/comments?limit=${TIMELINE_PAGE_SIZE}`,
  queries: [`journals/${journalId}/comments`],
  expectedStatuses: [401, 403, 404],
});

/** Whether the page's first answer comes from the API: online, and not in the device's cache. */
export function answersFromApi(answer: ApiFirstAnswer): boolean {
  return navigator.onLine && !isSynced(answer.queries);
}

/** Starts the call now, online and when the cache does not hold the queries. */
export function fetchEarly(answer: ApiFirstAnswer): void {
  if (!answersFromApi(answer) || peekEarlyCall('answers', answer.path)) return;
  const call = api.get(answer.path, { expectedStatuses: answer.expectedStatuses });
  call.catch(() => undefined); // the page's query reports it
  keepEarlyCall('answers', answer.path, call);
}

/** The early call's answer if one was started, else a new call. */
export function fetchAnswer<T>(answer: ApiFirstAnswer): Promise<T> {
  return (
    takeEarlyCall<T>('answers', answer.path) ??
    api.get<T>(answer.path, { expectedStatuses: answer.expectedStatuses })
  );
}

/** The early call's answer, if one was started, without taking it (the page's query does). */
export function earlyAnswer<T>(answer: ApiFirstAnswer): Promise<T> | undefined {
  return peekEarlyCall<T>('answers', answer.path);
}
