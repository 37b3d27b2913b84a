// The moment screens' Firestore listeners. They run in the live-data worker (src/live-worker.ts),
// which sends each result to the page; the page's side is in get-journals, get-journal and
// get-comments (`listenInWorker`).
import {
  byDisplayOrder,
  commentFromDoc,
  imageFromDoc,
  isVisibleTo,
  journalFromDoc,
  journalListFromDocs,
  memberStateId,
  membersOf,
  type Comment,
  type DocFields,
  type Journal,
  type JournalImage,
  type StoredMemberState,
} from '@moments/shared';
import { listenWhenReady, onQuerySnapshot } from '../../../lib/firestore';
import type { LiveSource } from '../../../lib/live-query';
import { MomentUnavailableError, TimelineLoadError, unavailableIfDenied } from './moment-errors';
import { isRefused, setRefused } from './refused-moments';

/**
 * The signed-in person's moments, own and shared, live, from two listeners whatever the number
 * of moments: `journals where memberIds array-contains uid` (each document carries what its
 * card shows: the cover copy and the collaborator cards) and `memberStates where userId ==
 * uid` (the person's pin and badge on each). No read per card (docs/data-model.md).
 */
const listenToJournals: LiveSource<Journal[]> = (next, fail) =>
  listenWhenReady((reader) => {
    const { sdk, db, uid } = reader;
    let docs: { id: string; data: DocFields }[] | undefined;
    let states: StoredMemberState[] | undefined;
    const emit = () => {
      if (docs && states) next(journalListFromDocs(docs, uid, states));
    };
    return [
      onQuerySnapshot(
        reader,
        sdk.query(sdk.collection(db, 'journals'), sdk.where('memberIds', 'array-contains', uid)),
        (snapshot) => {
          docs = snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
          emit();
        },
        fail,
        `journals:${uid}`,
      ),
      onQuerySnapshot(
        reader,
        sdk.query(sdk.collection(db, 'memberStates'), sdk.where('userId', '==', uid)),
        (snapshot) => {
          states = snapshot.docs.map((d) => d.data() as StoredMemberState);
          emit();
        },
        fail,
        `memberStates:${uid}`,
      ),
    ];
  }, fail);

/**
 * One moment with all its photos in display order and the person's own pin and badge, live:
 * the journal document, its images subcollection (ordered by orderIndex) and the person's
 * state document, emitted together once all have answered.
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
          next(journalFromDoc(journal.id, journal.data, uid, images, state ?? undefined));
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
        onQuerySnapshot(
          reader,
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

/**
 * The timeline entries, oldest first, live: the comments subcollection ordered by createdAt,
 * with authors' names from the journal's member cards (they follow renames). The journal
 * document is the one the moment page listens to already; the SDK shares that listener.
 */
function listenToComments(journalId: string): LiveSource<Comment[]> {
  return (next, fail) => {
    const failWith = (error: unknown) => fail(new TimelineLoadError(error));
    return listenWhenReady((reader) => {
      const { sdk, db, uid } = reader;
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
          reader,
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

/** The listeners the worker runs, by the name the page asks for them with (worker-source.ts). */
export const LIVE_LISTENERS = {
  journals: () => listenToJournals,
  journal: listenToJournal,
  comments: listenToComments,
} satisfies Record<string, (...args: string[]) => LiveSource<unknown>>;

export type LiveListeners = typeof LIVE_LISTENERS;
export type LiveListenerName = keyof LiveListeners;

/** The listener a page asked for by name; undefined for a name the worker does not have. */
export function liveListener(
  name: string,
): ((...args: string[]) => LiveSource<unknown>) | undefined {
  return Object.hasOwn(LIVE_LISTENERS, name) ? LIVE_LISTENERS[name as LiveListenerName] : undefined;
}
