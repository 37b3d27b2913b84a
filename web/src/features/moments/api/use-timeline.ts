import { useCallback, useMemo, useState } from 'react';
import { TIMELINE_PAGE_SIZE, earlierPageSize, type Comment } from '@moments/shared';
import { useEarlierComments, type EarlierPage } from './get-comments';

export interface TimelinePages {
  /** The earlier pages asked for, oldest first, without entries the newest page has. */
  earlier: Comment[];
  /** Whether entries before the first loaded one may exist. */
  hasEarlier: boolean;
  /** An earlier page is on its way. */
  loadingEarlier: boolean;
  earlierError: Error | null;
  /** Asks for the page before the first loaded entry (nothing while one is on its way). */
  loadEarlier: () => void;
}

/**
 * The timeline's earlier pages, on demand: each is named by the entry it ends before (the first
 * one loaded when it was asked for), so the pages join without a gap or an overlap, whatever
 * arrives at the newest end meanwhile. Each is twice the one after it (up to
 * TIMELINE_EARLIER_PAGE_MAX), so the start of a long history is a few loads away. `newest` is
 * the newest page's entries.
 */
export function useTimelinePages(journalId: string, newest: Comment[] | undefined): TimelinePages {
  const [asked, setAsked] = useState<{ journalId: string; beforeIds: string[] }>({
    journalId,
    beforeIds: [],
  });
  const asks = useMemo(
    () =>
      (asked.journalId === journalId ? asked.beforeIds : []).map((beforeId, k): EarlierPage => ({
        beforeId,
        size: earlierPageSize(k),
      })),
    [asked, journalId],
  );
  const pages = useEarlierComments(journalId, asks);
  const pageData = pages.map((page) => page.data);
  // Changes whenever a page's data does (a listener's result, a page added).
  const pagesVersion = pages.map((page) => page.dataUpdatedAt).join(' ');
  const oldestPage = pages.at(-1);
  const earlier = useMemo(() => {
    const inNewest = new Set((newest ?? []).map((entry) => entry.id));
    const seen = new Set<string>();
    const list: Comment[] = [];
    // Oldest page first; an entry in two pages (a deletion pulls one in) shows once.
    for (const data of [...pageData].reverse()) {
      for (const entry of data ?? []) {
        if (inNewest.has(entry.id) || seen.has(entry.id)) continue;
        seen.add(entry.id);
        list.push(entry);
      }
    }
    return list;
    // pageData is new on every render; pagesVersion says when its contents changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest, pagesVersion]);
  const hasEarlier = oldestPage
    ? !oldestPage.isSuccess || oldestPage.data.length >= earlierPageSize(pages.length - 1)
    : (newest?.length ?? 0) >= TIMELINE_PAGE_SIZE;
  const loadingEarlier = pages.some((page) => page.isPending && page.fetchStatus === 'fetching');
  const earlierError = pages.find((page) => page.isError)?.error ?? null;
  const firstId = earlier[0]?.id ?? newest?.[0]?.id;
  const loadEarlier = useCallback(() => {
    if (!firstId || !hasEarlier || loadingEarlier) return;
    setAsked((current) => {
      const ids = current.journalId === journalId ? current.beforeIds : [];
      return ids.includes(firstId) ? current : { journalId, beforeIds: [...ids, firstId] };
    });
  }, [firstId, hasEarlier, loadingEarlier, journalId]);
  return { earlier, hasEarlier, loadingEarlier, earlierError, loadEarlier };
}
