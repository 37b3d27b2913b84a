// How the stored documents of docs/data-model.md become the shapes of ./api-types. Pure and
// SDK-free, so the function's answers (Admin SDK) and the web app's live reads (client SDK)
// map a document the same way.

import type {
  Collaborator,
  Comment,
  Journal,
  JournalImage,
  MemberRole,
  PostedComment,
} from './api-types';
import { DEFAULT_CROP_POSITION, DEFAULT_ORDER_INDEX } from './constants';

/** A document's fields as either Firestore SDK returns them. */
export type DocFields = Record<string, unknown>;

/**
 * journals/{id}.members[uid]: the member card every member reads (the spec's journal_users
 * entity, except the member's own pin and badge, which are in their StoredMemberState).
 * `addedAt` is a Timestamp of either SDK.
 */
export interface StoredMember {
  role?: MemberRole;
  firstName?: string | null;
  lastName?: string | null;
  profilePictureUrl?: string | null;
  addedAt?: unknown;
}

/**
 * memberStates/{journalId}_{uid}: what only that member reads and only their actions and
 * others' posts change: their pin, their new-entries badge and when they last looked.
 */
export interface StoredMemberState {
  journalId?: string;
  userId?: string;
  isPinned?: boolean;
  newCommentsCount?: number;
  /** A Timestamp of either SDK; missing until the member first opens the moment. */
  lastViewedAt?: unknown;
}

/** The id of a member's state document: one per member and moment, found without a query. */
export function memberStateId(journalId: string, uid: string): string {
  return `${journalId}_${uid}`;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * A stored time as ISO 8601: a Timestamp of either SDK (both have toDate()), or a string
 * already in that form (the `cover` copy keeps the image's createdAt as the API answered it).
 * Anything else, e.g. a field not written yet, reads as the epoch rather than throwing.
 */
export function timestampToIso(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'toDate' in value) {
    const toDate = (value as { toDate: unknown }).toDate;
    if (typeof toDate === 'function') {
      const date: unknown = toDate.call(value);
      if (date instanceof Date && !Number.isNaN(date.getTime())) return date.toISOString();
    }
  }
  return new Date(0).toISOString();
}

/** The members map of a journal document. */
export function membersOf(data: DocFields): Record<string, StoredMember> {
  const members = data.members;
  return typeof members === 'object' && members !== null
    ? (members as Record<string, StoredMember>)
    : {};
}

/** Whether `uid` may see the journal: a member, and the journal is not being deleted. */
export function isVisibleTo(data: DocFields, uid: string): boolean {
  const memberIds = Array.isArray(data.memberIds) ? (data.memberIds as unknown[]) : [];
  return !data.deletedAt && memberIds.includes(uid);
}

export function collaboratorsOf(members: Record<string, StoredMember>): Collaborator[] {
  return Object.entries(members).map(([id, m]) => ({
    id,
    firstName: text(m.firstName),
    lastName: text(m.lastName),
    profilePictureUrl: text(m.profilePictureUrl),
    role: m.role === 'owner' ? 'owner' : 'contributor',
  }));
}

/** journals/{id}/images/{imageId}, or the journal's `cover` copy of one. */
export function imageFromDoc(id: string, data: DocFields): JournalImage {
  return {
    id,
    seq: count(data.seq, 0),
    imageUrl: text(data.imageUrl) ?? '',
    thumbUrl: text(data.thumbUrl) ?? '',
    orderIndex: count(data.orderIndex, DEFAULT_ORDER_INDEX),
    cropPosition: count(data.cropPosition, DEFAULT_CROP_POSITION),
    rotation: count(data.rotation, 0),
    width: count(data.width, 0) || null,
    height: count(data.height, 0) || null,
    createdAt: timestampToIso(data.createdAt),
  };
}

/** Display order: orderIndex, then creation order for ties. */
export function byDisplayOrder(a: JournalImage, b: JournalImage): number {
  return a.orderIndex - b.orderIndex || a.seq - b.seq;
}

/**
 * The photos a list card has without reading the images subcollection: the `cover` copy,
 * which the function keeps set whenever the moment has a photo.
 */
export function coverImagesOf(data: DocFields): JournalImage[] {
  const cover = data.cover;
  if (typeof cover !== 'object' || cover === null) return [];
  const fields = cover as DocFields;
  const id = text(fields.id) ?? text(data.coverImageId);
  return id ? [imageFromDoc(id, fields)] : [];
}

/**
 * A journal as `uid` sees it: their role, and their own pin and new-entries badge from their
 * state document (none yet: not pinned, no badge). `images` is what the caller's view has
 * read: all photos on the moment page (its listener), the first ones in the API's answer, the
 * cover alone in the list. `photoCount` is how many there are: the photo index's length where
 * it was read, else the journal's counter.
 */
export function journalFromDoc(
  id: string,
  data: DocFields,
  uid: string,
  images: JournalImage[],
  state: StoredMemberState | undefined,
  photoCount = count(data.photoCount, images.length),
): Journal {
  const members = membersOf(data);
  const me = members[uid];
  const cover = data.cover as DocFields | null | undefined;
  return {
    id,
    userId: text(data.userId) ?? '',
    title: text(data.title) ?? '',
    content: text(data.content),
    imageUrl: text(cover?.imageUrl),
    coverImageId: text(data.coverImageId),
    isPinned: state?.isPinned === true,
    role: me?.role ?? 'contributor',
    createdAt: timestampToIso(data.createdAt),
    updatedAt: timestampToIso(data.updatedAt),
    images,
    photoCount,
    collaborators: collaboratorsOf(members),
    newCommentsCount: Math.max(0, count(state?.newCommentsCount, 0)),
  };
}

/**
 * The home list: every journal `uid` may see, each with its cover as its only photo, and the
 * caller's state documents (memberStates where userId == uid) for pins and badges; in the list's
 * order (sortJournals). GET /api/journals and the home page's listener both answer this, in the
 * same order: when the listener takes over from the API's first answer, TanStack Query finds
 * the same data (it compares item by item) and the list renders nothing again.
 */
export function journalListFromDocs(
  docs: readonly { id: string; data: DocFields }[],
  uid: string,
  states: readonly StoredMemberState[],
): Journal[] {
  const byJournal = new Map(states.map((state) => [state.journalId, state]));
  return sortJournals(
    docs
      .filter((doc) => isVisibleTo(doc.data, uid))
      .map((doc) =>
        journalFromDoc(doc.id, doc.data, uid, coverImagesOf(doc.data), byJournal.get(doc.id)),
      ),
  );
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Newest first, ties by id (descending), as the paged query orders (createdAt, then document
 * id). ISO 8601 times compare as plain strings; localeCompare would load the browser's
 * collation data on the home screen's first render (tens of milliseconds on a phone).
 */
export function byNewest(a: Journal, b: Journal): number {
  return byCodeUnits(b.createdAt, a.createdAt) || byCodeUnits(b.id, a.id);
}

/** The home list's order: pinned first, then newest first. */
export function sortJournals(journals: readonly Journal[]): Journal[] {
  return [...journals].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || byNewest(a, b));
}

/**
 * The home list comes in pages (docs/data-model.md, "The home list in pages"): the first is the
 * person's pinned moments and their newest JOURNALS_PAGE_SIZE; each further page the next
 * JOURNALS_PAGE_SIZE after a cursor, the last moment of the page before (`nextJournalCursor`).
 */
export const JOURNALS_PAGE_SIZE = 30;

/**
 * The cursor after a page: the id of its last moment (newest first), or null when the page is
 * the last. A first page holds the newest JOURNALS_PAGE_SIZE and any older pinned moments, so its
 * cursor is its JOURNALS_PAGE_SIZE-th newest moment. The query starts after that moment's
 * document (its stored time has microseconds; answers have milliseconds, too coarse to start
 * after without skipping or repeating moments of the same millisecond). Fewer than a page:
 * nothing after it.
 */
export function nextJournalCursor(page: readonly Journal[]): string | null {
  if (page.length < JOURNALS_PAGE_SIZE) return null;
  return [...page].sort(byNewest)[JOURNALS_PAGE_SIZE - 1]?.id ?? null;
}

/**
 * The name of a page's query in the device's list of queries the server has answered
 * (web/src/lib/synced-queries.ts): the listener records it, the page asks for it before Firebase
 * has loaded, to know whether the cache can answer.
 */
export function journalPageQueryName(after?: string | null): string {
  return after ? `journals/after/${after}` : 'journals/newest';
}

/** The synced-list names of the marked states' two queries (`markedStates`). */
export const MARKED_STATES_QUERY_NAMES = ['memberStates/pinned', 'memberStates/new'] as const;

/**
 * The person's state documents that change how a card shows: pinned, or with new entries. Any
 * other moment's state is the default (not pinned, no badge), so these make every card exact
 * on any page, in as many reads as moments so marked, whatever the number of moments.
 */
export function markedStates(
  pinned: readonly StoredMemberState[],
  withNewEntries: readonly StoredMemberState[],
): StoredMemberState[] {
  const byJournal = new Map<string | undefined, StoredMemberState>();
  for (const state of [...pinned, ...withNewEntries]) byJournal.set(state.journalId, state);
  return [...byJournal.values()];
}

/**
 * A timeline entry. The author's name and picture come from their member card while they are
 * a member (it follows renames), else from the copy taken when they posted.
 */
export function commentFromDoc(
  id: string,
  data: DocFields,
  members: Record<string, StoredMember>,
): Comment {
  const userId = text(data.userId) ?? '';
  const copy = (typeof data.user === 'object' && data.user !== null ? data.user : {}) as DocFields;
  const card: DocFields = (members[userId] as DocFields | undefined) ?? copy;
  return {
    id,
    text: text(data.text) ?? '',
    createdAt: timestampToIso(data.createdAt),
    photoId: text(data.photoId),
    parentCommentId: text(data.parentCommentId),
    user: {
      id: userId,
      firstName: text(card.firstName),
      lastName: text(card.lastName),
      profilePictureUrl: text(card.profilePictureUrl),
    },
  };
}

/** A just-posted entry (POST .../comments answer) in the shape the timeline lists. */
export function postedToComment(posted: PostedComment): Comment {
  return {
    id: posted.id,
    text: posted.text,
    createdAt: posted.createdAt,
    photoId: posted.photoId,
    parentCommentId: posted.parentCommentId ?? null,
    user: {
      id: posted.userId,
      firstName: posted.userFirstName,
      lastName: posted.userLastName,
      profilePictureUrl: posted.userProfilePictureUrl,
    },
  };
}
