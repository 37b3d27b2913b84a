// Long timelines made quickly: entries written in batches through the Admin SDK, in the shape
// POST /api/journals/:id/comments stores (docs/data-model.md), for the paging tests.
import { photoRefsIn } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { adminDb, type TestUser } from './emulators';

export interface SeededEntry {
  id: string;
  text: string;
  /** When it was posted, in ms. */
  at: number;
}

/**
 * `count` entries by `author`, oldest first, `spacingMs` apart and ending `endsAgoMs` before
 * now; `text(k)` for the k-th (1-based). With `ties`, every group of that many shares one
 * createdAt, so pages must tell them apart by id as well.
 */
export async function seedEntries(
  journalId: string,
  author: TestUser,
  count: number,
  {
    text = (k: number) => `Entry ${k}`,
    spacingMs = 60_000,
    endsAgoMs = 3_600_000,
    ties = 1,
    photoId = () => null,
    withPhotoRefs = true,
  }: {
    text?: (k: number) => string;
    spacingMs?: number;
    endsAgoMs?: number;
    ties?: number;
    /** The photo the k-th entry is tied to, if any. */
    photoId?: (k: number) => string | null;
    /** False: stored as before posts kept `photoRefs` (without the field). */
    withPhotoRefs?: boolean;
  } = {},
): Promise<SeededEntry[]> {
  const end = Date.now() - endsAgoMs;
  const collection = adminDb.collection(`journals/${journalId}/comments`);
  const entries = Array.from({ length: count }, (_, i) => {
    const k = i + 1;
    const group = Math.ceil(k / ties);
    const groups = Math.ceil(count / ties);
    return {
      ref: collection.doc(),
      text: text(k),
      photoId: photoId(k),
      at: end - (groups - group) * spacingMs,
    };
  });
  for (let i = 0; i < entries.length; i += 500) {
    const batch = adminDb.batch();
    for (const { ref, text: body, photoId: tie, at } of entries.slice(i, i + 500)) {
      batch.set(ref, {
        userId: author.uid,
        text: body,
        photoId: tie,
        ...(withPhotoRefs ? { photoRefs: photoRefsIn(body) } : {}),
        parentCommentId: null,
        createdAt: Timestamp.fromMillis(at),
        user: {
          id: author.uid,
          firstName: author.firstName,
          lastName: author.lastName,
          profilePictureUrl: null,
        },
      });
    }
    await batch.commit();
  }
  // Timeline order: createdAt, then id (as the pages' queries order them).
  return entries
    .map(({ ref, text: body, at }) => ({ id: ref.id, text: body, at }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The texts of the entries on screen, top to bottom. */
export const shownEntryTexts = (page: Page) =>
  page.locator('[data-entry-id] [data-entry-text]').allTextContents();
