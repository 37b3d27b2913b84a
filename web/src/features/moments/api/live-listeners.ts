// The moment screens' Firestore listeners. They run in the live-data worker (src/live-worker.ts),
// which sends each result to the page; the page's side is in get-journals, get-journal and
// get-comments (`listenInWorker`).
import type {
  DocumentSnapshot,
  Query,
  QueryFieldFilterConstraint,
  QuerySnapshot,
} from 'firebase/firestore';
import {
  JOURNALS_PAGE_SIZE,
  MARKED_STATES_QUERY_NAMES,
  byDisplayOrder,
  PHOTO_INDEX_COLLECTION,
  PHOTO_INDEX_DOC,
  commentFromDoc,
  imagesFromPhotoIndex,
  isVisibleTo,
  journalFromDoc,
  journalListFromDocs,
  journalPageQueryName,
  markedStates,
  memberStateId,
  membersOf,
  type Comment,
  type DocFields,
  type Journal,
  type JournalImage,
  type StoredMemberState,
  TIMELINE_EARLIER_PAGE_MAX,
  TIMELINE_PAGE_SIZE,
} from '@moments/shared';
import { listenWhenReady, onQuerySnapshot, type FirestoreReader } from '../../../lib/firestore';
import type { LiveSource } from '../../../lib/live-query';
import { MomentUnavailableError, TimelineLoadError, unavailableIfDenied } from './moment-errors';
import { isRefused, setRefused } from './refused-moments';

type Docs = { id: string; data: DocFields }[];
const docsOf = (snapshot: QuerySnapshot): Docs =>
  snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
const statesOf = (snapshot: QuerySnapshot) =>
  snapshot.docs.map((d) => d.data() as StoredMemberState);

/**
 * The person's marked states, live: pinned, and with new entries (`markedStates`); every other
 * moment's state is the default. Both pages' listeners ask for the same two queries, which the
 * SDK then serves from one listen each.
 */
function listenToMarks(
  reader: FirestoreReader,
  next: (pinned: StoredMemberState[], states: StoredMemberState[]) => void,
  fail: (error: unknown) => void,
): (() => void)[] {
  const { sdk, db, uid } = reader;
  const states = sdk.collection(db, 'memberStates');
  let pinned: StoredMemberState[] | undefined;
  let withNewEntries: StoredMemberState[] | undefined;
  const emit = () => {
    if (pinned && withNewEntries) next(pinned, markedStates(pinned, withNewEntries));
  };
  return [
    onQuerySnapshot(
      reader,
      sdk.query(states, sdk.where('userId', '==', uid), sdk.where('isPinned', '==', true)),
      (snapshot) => {
        pinned = statesOf(snapshot);
        emit();
      },
      fail,
      `${MARKED_STATES_QUERY_NAMES[0]}:${uid}`,
    ),
    onQuerySnapshot(
      reader,
      sdk.query(states, sdk.where('userId', '==', uid), sdk.where('newCommentsCount', '>', 0)),
      (snapshot) => {
        withNewEntries = statesOf(snapshot);
        emit();
      },
      fail,
      `${MARKED_STATES_QUERY_NAMES[1]}:${uid}`,
    ),
  ];
}

/** The person's moments newest first, after the `after` document if given, one page. */
function pageQuery(reader: FirestoreReader, after?: DocumentSnapshot): Query {
  const { sdk, db, uid } = reader;
  // Written out twice: the deploy check reads each query whole from the source.
  if (!after) {
    return sdk.query(
      sdk.collection(db, 'journals'),
      sdk.where('memberIds', 'array-contains', uid),
      sdk.orderBy('createdAt', 'desc'),
      sdk.orderBy(sdk.documentId(), 'desc'),
      sdk.limit(JOURNALS_PAGE_SIZE),
    );
  }
  return sdk.query(
    sdk.collection(db, 'journals'),
    sdk.where('memberIds', 'array-contains', uid),
    sdk.orderBy('createdAt', 'desc'),
    sdk.orderBy(sdk.documentId(), 'desc'),
    sdk.startAfter(after),
    sdk.limit(JOURNALS_PAGE_SIZE),
  );
}

/**
 * The first page of the signed-in person's moments, own and shared, live (docs/data-model.md,
 * "The home list in pages"): their newest JOURNALS_PAGE_SIZE (each document carries what its card
 * shows: the cover copy and the collaborator cards), their marked states (pins and badges), and
 * each pinned moment, by its own document listener (a new pin reads one document; the SDK
 * shares the read when the page holds it too). No read per card, none for moments further down.
 */
const listenToJournals: LiveSource<Journal[]> = (next, fail) =>
  listenWhenReady((reader) => {
    const { sdk, db, uid } = reader;
    let docs: Docs | undefined;
    let states: StoredMemberState[] | undefined;
    /** Each pinned moment's listener and its answer (undefined until it has answered). */
    const pinnedListeners = new Map<string, { stop: () => void; docs?: Docs }>();
    const emit = () => {
      if (!docs || !states) return;
      // Offline, a pinned moment this device never read would hold the list back for good.
      const pinnedWaiting = [...pinnedListeners.values()].some((pin) => !pin.docs);
      if (pinnedWaiting && navigator.onLine) return;
      const held = new Set(docs.map((doc) => doc.id));
      const pinnedDocs = [...pinnedListeners.values()]
        .flatMap((pin) => pin.docs ?? [])
        .filter((doc) => !held.has(doc.id));
      next(journalListFromDocs([...docs, ...pinnedDocs], uid, states));
    };
    const followPins = (pinned: StoredMemberState[]) => {
      const ids = new Set(pinned.map((state) => state.journalId).filter((id) => id !== undefined));
      for (const [id, pin] of pinnedListeners) {
        if (ids.has(id)) continue;
        pin.stop();
        pinnedListeners.delete(id);
      }
      for (const id of ids) {
        if (pinnedListeners.has(id)) continue;
        const pin: { stop: () => void; docs?: Docs } = { stop: () => undefined };
        pinnedListeners.set(id, pin);
        pin.stop = sdk.onSnapshot(
          sdk.doc(db, 'journals', id),
          (snapshot) => {
            // Not in this device's cache: the server's answer decides.
            if (snapshot.metadata.fromCache && !snapshot.exists()) return;
            const data = snapshot.data();
            pin.docs = data ? [{ id, data }] : [];
            emit();
          },
          (error) => {
            // Refused: no longer the person's (left, removed or being deleted) while their state
            // still says pinned. The list leaves it out; the other listeners go on.
            if ((error as { code?: string }).code !== 'permission-denied') return fail(error);
            pin.docs = [];
            emit();
          },
        );
      }
    };
    const stops = [
      onQuerySnapshot(
        reader,
        pageQuery(reader),
        (snapshot) => {
          docs = docsOf(snapshot);
          emit();
        },
        fail,
        `${journalPageQueryName()}:${uid}`,
      ),
      ...listenToMarks(
        reader,
        (pinned, marked) => {
          states = marked;
          followPins(pinned);
          emit();
        },
        fail,
      ),
    ];
    return [
      ...stops,
      () => {
        for (const pin of pinnedListeners.values()) pin.stop();
        pinnedListeners.clear();
      },
    ];
  }, fail);

/**
 * A later page of the person's moments, live: the JOURNALS_PAGE_SIZE after the cursor (the last
 * moment of the page before), with their pins and badges. The query starts after the cursor's
 * document, which the page before has put in this device's cache: read from there, for free.
 */
function listenToJournalsAfter(after: string): LiveSource<Journal[]> {
  return (next, fail) =>
    listenWhenReady((reader) => {
      const { sdk, db, uid } = reader;
      let stopped = false;
      const stops: (() => void)[] = [];
      let docs: Docs | undefined;
      let states: StoredMemberState[] | undefined;
      const emit = () => {
        if (docs && states) next(journalListFromDocs(docs, uid, states));
      };
      const ref = sdk.doc(db, 'journals', after);
      sdk
        .getDocFromCache(ref)
        .catch(() => sdk.getDoc(ref))
        .then((cursor) => {
          if (stopped) return;
          // Gone, or left meanwhile: the page before has changed, and so has this page's cursor.
          if (!cursor.exists()) throw new MomentUnavailableError();
          stops.push(
            onQuerySnapshot(
              reader,
              pageQuery(reader, cursor),
              (snapshot) => {
                docs = docsOf(snapshot);
                emit();
              },
              fail,
              `${journalPageQueryName(after)}:${uid}`,
            ),
            ...listenToMarks(
              reader,
              (_pinned, marked) => {
                states = marked;
                emit();
              },
              fail,
            ),
          );
        })
        .catch((error: unknown) => {
          if (!stopped) fail(error);
        });
      return [
        () => {
          stopped = true;
          for (const stop of stops) stop();
        },
      ];
    }, fail);
}

/**
 * One moment with all its photos in display order and the person's own pin and badge, live:
 * the journal document, its photo index and the person's state document, emitted together once
 * all have answered.
 */
function listenToJournal(id: string): LiveSource<Journal> {
  return (next, fail) => {
    const failWith = (error: unknown) => {
      const reason = unavailableIfDenied(error);
      if (reason instanceof MomentUnavailableError) setRefused(id, true);
      fail(reason);
    };
    return listenWhenReady((reader) => {
      const { sdk, db, uid } = reader;
      const ref = sdk.doc(db, 'journals', id);
      let journal: { id: string; data: DocFields } | undefined;
      let images: JournalImage[] | undefined;
      // null: answered, and there is none (a member from before state documents existed).
      let state: StoredMemberState | null | undefined;
      const emit = () => {
        if (journal && images && state !== undefined) {
          // Every photo, from the index: its length is the count, not the journal's counter.
          const count = images.length;
          next(journalFromDoc(journal.id, journal.data, uid, images, state ?? undefined, count));
        }
      };
      return [
        sdk.onSnapshot(
          ref,
          (snapshot) => {
            // Not in the cache yet while offline: not a verdict, the server's answer decides.
            if (snapshot.metadata.fromCache && (!snapshot.exists() || isRefused(id))) {
              return;
            }
            if (
              !snapshot.metadata.fromCache &&
              isVisibleTo(snapshot.data() ?? {}, uid) &&
              isRefused(id)
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
        // The photo index (one document, every photo's place), not the photo records: one read
        // however many photos. A query, so that a moment without one yet is an empty answer.
        onQuerySnapshot(
          reader,
          sdk.query(sdk.collection(ref, PHOTO_INDEX_COLLECTION)),
          (snapshot) => {
            const index = snapshot.docs.find((d) => d.id === PHOTO_INDEX_DOC);
            images = imagesFromPhotoIndex(id, index?.data()).sort(byDisplayOrder);
            emit();
          },
          failWith,
          `journals/${id}/photoIndex:${uid}`,
        ),
        // A query rather than the document, so "none yet" is an empty answer, not a refusal
        // (the rules let a person read only state documents that say they are theirs).
        onQuerySnapshot(
          reader,
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

type EntryDoc = { id: string; data: DocFields };

/** Timeline order: createdAt, then document id (as Firestore orders the pages' queries). */
function byTimeline(a: EntryDoc, b: EntryDoc): number {
  const time = (doc: EntryDoc) => {
    const at = doc.data.createdAt as { seconds?: number; nanoseconds?: number } | undefined;
    return [at?.seconds ?? 0, at?.nanoseconds ?? 0] as const;
  };
  const [as, an] = time(a);
  const [bs, bn] = time(b);
  return as - bs || an - bn || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A page of timeline entries, oldest first, live, with authors' names from the journal's member
 * cards (they follow renames). The journal document is the one the moment page listens to
 * already; the SDK shares that listener. `page` picks the entries of the page's query.
 */
function listenToEntries(
  journalId: string,
  page: (reader: FirestoreReader) => Promise<{ query: Query; syncedKey: string; newest: boolean }>,
): LiveSource<Comment[]> {
  return (next, fail) => {
    const failWith = (error: unknown) => fail(new TimelineLoadError(error));
    return listenWhenReady((reader) => {
      const { sdk, db } = reader;
      const ref = sdk.doc(db, 'journals', journalId);
      let journal: DocFields | undefined;
      let entries: EntryDoc[] | undefined;
      // Entries that slid out of the newest page as newer ones came in: still on the person's
      // screen, so kept (not live any more: an earlier page's listener covers them once the
      // person scrolls there).
      const slid = new Map<string, EntryDoc>();
      let stopped = false;
      let stopEntries: (() => void) | undefined;
      const emit = () => {
        if (!journal || !entries) return;
        const cards = membersOf(journal);
        const all = [...slid.values(), ...entries].sort(byTimeline);
        next(all.map((entry) => commentFromDoc(entry.id, entry.data, cards)));
      };
      void page(reader).then(({ query, syncedKey, newest }) => {
        if (stopped) return;
        stopEntries = onQuerySnapshot(
          reader,
          query,
          (snapshot) => {
            const docs = snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
            const oldest = docs[0];
            if (newest && oldest && docs.length >= TIMELINE_PAGE_SIZE) {
              for (const change of snapshot.docChanges()) {
                const gone = { id: change.doc.id, data: change.doc.data() };
                // Older than the whole page: pushed out by a newer entry, not deleted.
                if (change.type === 'removed' && byTimeline(gone, oldest) < 0) {
                  slid.set(gone.id, gone);
                }
              }
            }
            for (const doc of docs) slid.delete(doc.id);
            entries = docs;
            emit();
          },
          failWith,
          syncedKey,
        );
      }, failWith);
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
        () => {
          stopped = true;
          stopEntries?.();
        },
      ];
    }, failWith);
  };
}

/**
 * The timeline's newest page (TIMELINE_PAGE_SIZE entries), oldest first, live: new entries
 * come in at the end; those they push out of the page stay (see listenToEntries).
 */
function listenToComments(journalId: string): LiveSource<Comment[]> {
  return listenToEntries(journalId, ({ sdk, db, uid }) =>
    Promise.resolve({
      query: sdk.query(
        sdk.collection(sdk.doc(db, 'journals', journalId), 'comments'),
        sdk.orderBy('createdAt'),
        sdk.limitToLast(TIMELINE_PAGE_SIZE),
      ),
      syncedKey: `journals/${journalId}/comments:${uid}`,
      newest: true,
    }),
  );
}

/**
 * The page of `size` entries (earlierPageSize: pages grow further back) before entry
 * `beforeId`, oldest first, live. The entry is read first (from this device's cache when it is
 * there) to start the page at it.
 */
function listenToEarlierComments(
  journalId: string,
  beforeId: string,
  size: string,
): LiveSource<Comment[]> {
  const count = Math.min(Math.max(Math.trunc(Number(size)) || 0, 1), TIMELINE_EARLIER_PAGE_MAX);
  return listenToEntries(journalId, async ({ sdk, db, uid }) => {
    const ref = sdk.doc(db, 'journals', journalId);
    const cursorRef = sdk.doc(sdk.collection(ref, 'comments'), beforeId);
    const cursor = await sdk.getDocFromCache(cursorRef).catch(() => sdk.getDoc(cursorRef));
    return {
      query: sdk.query(
        sdk.collection(ref, 'comments'),
        sdk.orderBy('createdAt'),
        sdk.endBefore(cursor),
        sdk.limitToLast(count),
      ),
      syncedKey: `journals/${journalId}/comments<${beforeId}/${count}:${uid}`,
      newest: false,
    };
  });
}

/**
 * The entries about one photo, wherever they are in the timeline, oldest first, live: those
 * tied to it (photoId) and those whose text names it as "#photo N" (`photoRefs`), the newest
 * TIMELINE_PAGE_SIZE of each. `n` is the photo's number now ("#photo N": it changes when an
 * earlier photo is deleted, and so does the query).
 */
function listenToPhotoEntries(
  journalId: string,
  imageId: string,
  n: string,
): LiveSource<Comment[]> {
  return (next, fail) => {
    const failWith = (error: unknown) => fail(new TimelineLoadError(error));
    return listenWhenReady((reader) => {
      const { sdk, db, uid } = reader;
      const ref = sdk.doc(db, 'journals', journalId);
      const comments = sdk.collection(ref, 'comments');
      const number = Number(n);
      const isNumber = Number.isSafeInteger(number) && number >= 1;
      let journal: DocFields | undefined;
      let tied: EntryDoc[] | undefined;
      let named: EntryDoc[] | undefined;
      const emit = () => {
        if (!journal || !tied || !named) return;
        const cards = membersOf(journal);
        const byId = new Map([...tied, ...named].map((entry) => [entry.id, entry]));
        next([...byId.values()].sort(byTimeline).map((e) => commentFromDoc(e.id, e.data, cards)));
      };
      const docs = (snapshot: QuerySnapshot): EntryDoc[] =>
        snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
      /** The newest TIMELINE_PAGE_SIZE entries matching `filter`, live, into `keep`. */
      const newestWhere = (
        filter: QueryFieldFilterConstraint,
        name: string,
        keep: (found: EntryDoc[]) => void,
      ) =>
        onQuerySnapshot(
          reader,
          sdk.query(
            comments,
            filter,
            sdk.orderBy('createdAt'),
            sdk.limitToLast(TIMELINE_PAGE_SIZE),
          ),
          (snapshot) => {
            keep(docs(snapshot));
            emit();
          },
          failWith,
          `journals/${journalId}/comments?${name}:${uid}`,
        );
      // Not a photo number (a photo no longer there): only the entries tied to it.
      if (!isNumber) named = [];
      const stops = [
        sdk.onSnapshot(
          ref,
          (snapshot) => {
            journal = snapshot.data() ?? {};
            emit();
          },
          failWith,
        ),
        newestWhere(sdk.where('photoId', '==', imageId), `photoId=${imageId}`, (found) => {
          tied = found;
        }),
      ];
      if (isNumber) {
        stops.push(
          newestWhere(
            sdk.where('photoRefs', 'array-contains', number),
            `photoRef=${number}`,
            (found) => {
              named = found;
            },
          ),
        );
      }
      return stops;
    }, failWith);
  };
}

/** The listeners the worker runs, by the name the page asks for them with (worker-source.ts). */
export const LIVE_LISTENERS = {
  journals: () => listenToJournals,
  journalsAfter: listenToJournalsAfter,
  journal: listenToJournal,
  comments: listenToComments,
  earlierComments: listenToEarlierComments,
  photoEntries: listenToPhotoEntries,
} satisfies Record<string, (...args: string[]) => LiveSource<unknown>>;

export type LiveListeners = typeof LIVE_LISTENERS;
export type LiveListenerName = keyof LiveListeners;

/** The listener a page asked for by name; undefined for a name the worker does not have. */
export function liveListener(
  name: string,
): ((...args: string[]) => LiveSource<unknown>) | undefined {
  return Object.hasOwn(LIVE_LISTENERS, name) ? LIVE_LISTENERS[name as LiveListenerName] : undefined;
}
