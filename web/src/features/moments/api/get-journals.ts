import { useCallback, useMemo, useState } from 'react';
import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  nextJournalCursor,
  shouldRetryQuery,
  sortJournals,
  type Journal,
} from '@moments/shared';
import { liveQueryOptions, type FirstAnswer, type LiveSource } from '../../../lib/live-query';
import { isSynced } from '../../../lib/synced-queries';
import {
  fetchAnswer,
  journalsAnswer,
  journalsPageAnswer,
  type ApiFirstAnswer,
} from './first-answers';
import { workerSource } from './worker-source';

/** The home list's first page: the pinned moments and the newest JOURNALS_PAGE_SIZE. */
export const journalsQueryKey = ['journals'] as const;

/** The later pages, each after the last moment of the page before. */
const JOURNAL_PAGES_PREFIX = ['journalPages'] as const;
export const journalsPageQueryKey = (after: string) => [...JOURNAL_PAGES_PREFIX, after] as const;

/** Changes the home list's cached pages at once (an edit, a pin, a moment gone). */
export function setJournalLists(
  queryClient: QueryClient,
  update: (list: Journal[] | undefined) => Journal[] | undefined,
): void {
  queryClient.setQueryData<Journal[]>(journalsQueryKey, update);
  queryClient.setQueriesData<Journal[]>({ queryKey: JOURNAL_PAGES_PREFIX }, update);
}

/**
 * The signed-in person's first page of moments, live: listeners in the live-data worker
 * (live-listeners.ts), a few whatever the number of moments.
 */
export const listenToJournals: LiveSource<Journal[]> = workerSource({ name: 'journals', args: [] });

/** GET /api/journals[?after...], until this device's cache holds the page's queries. */
function firstAnswerOf(answer: ApiFirstAnswer): FirstAnswer<Journal[]> {
  return {
    cached: () => isSynced(answer.queries),
    fetch: () => fetchAnswer<Journal[]>(answer),
  };
}

const momentsRetry = {
  // The moment screens retry once, after 1 s.
  retry: (failureCount: number, error: Error) =>
    shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
  retryDelay: MOMENTS_RETRY_DELAY_MS,
};

export function getJournalsQueryOptions() {
  return {
    ...liveQueryOptions(journalsQueryKey, listenToJournals, firstAnswerOf(journalsAnswer)),
    ...momentsRetry,
  };
}

function journalsPageQueryOptions(after: string) {
  const source: LiveSource<Journal[]> = workerSource({ name: 'journalsAfter', args: [after] });
  return {
    ...liveQueryOptions(
      journalsPageQueryKey(after),
      source,
      firstAnswerOf(journalsPageAnswer(after)),
    ),
    ...momentsRetry,
  };
}

/** The list waits for a signed-in user. */
export function useJournals({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getJournalsQueryOptions(), enabled });
}

export interface JournalPages {
  /** Every moment of the pages loaded, once each, in the list's order. */
  journals: Journal[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  /** A later page could not be loaded. */
  moreFailed: boolean;
  retryMore: () => void;
  /** More moments after the pages loaded. */
  hasMore: boolean;
  /** A page asked for has not answered yet. */
  loadingMore: boolean;
  /** Asks for the next page (nothing while one is loading or when there is none). */
  loadMore: () => void;
}

/**
 * The home list in pages: the first page, then as many later pages as `loadMore` asked for.
 * Each page starts after the last moment of the page before as that page is now: when a moment
 * is added or leaves above, the later pages follow (read again), so the list never has a gap.
 * Each page is a live query of its own, kept in the device's cache as viewed.
 */
export function useJournalPages({ enabled }: { enabled: boolean }): JournalPages {
  const queryClient = useQueryClient();
  const first = useJournals({ enabled });
  const [pagesWanted, setPagesWanted] = useState(0);
  const cursors: string[] = [];
  let next = first.data ? nextJournalCursor(first.data) : null;
  for (let page = 0; page < pagesWanted && next; page += 1) {
    cursors.push(next);
    const data = queryClient.getQueryData<Journal[]>(journalsPageQueryKey(next));
    next = data ? nextJournalCursor(data) : null;
  }
  const pages = useQueries({
    queries: cursors.map((after) => ({ ...journalsPageQueryOptions(after), enabled })),
    // Shared structurally, so the list below is made again only when a page's data changes.
    combine: (results) => ({
      data: results.map((page) => page.data),
      loadingMore: results.some((page) => page.isPending),
      failed: results.find((page) => page.isError),
    }),
  });
  const { loadingMore, failed } = pages;
  const hasMore = next !== null && !loadingMore;
  const loaded = cursors.length;
  const loadMore = useCallback(() => {
    if (hasMore) setPagesWanted(loaded + 1);
  }, [hasMore, loaded]);

  const journals = useMemo(() => {
    if (!first.data) return undefined;
    const seen = new Set<string>();
    // A moment on two pages for a moment (the pages shift as moments come and go) shows once.
    return sortJournals(
      [first.data, ...pages.data.map((page) => page ?? [])]
        .flat()
        .filter((journal) => !seen.has(journal.id) && seen.add(journal.id)),
    );
  }, [first.data, pages.data]);
  return {
    journals,
    isPending: first.isPending,
    isError: first.isError,
    refetch: () => void first.refetch(),
    moreFailed: failed !== undefined,
    retryMore: () => void failed?.refetch(),
    hasMore,
    loadingMore,
    loadMore,
  };
}

export { sortJournals } from '@moments/shared';

export { isSharedJournal } from '../utils/journal-list';
