// A moment as GET /api/journals answers it, for tests: an owner's private moment without
// photos, with `fields` instead where given.
import type { Journal, JournalImage } from '@moments/shared';

export function testJournal(id: string, createdAt: string, fields: Partial<Journal> = {}): Journal {
  return {
    id,
    userId: 'u1',
    title: id,
    content: null,
    imageUrl: null,
    coverImageId: null,
    isPinned: false,
    role: 'owner',
    createdAt,
    updatedAt: createdAt,
    images: [],
    collaborators: [],
    newCommentsCount: 0,
    ...fields,
    photoCount: fields.photoCount ?? fields.images?.length ?? 0,
  };
}

/** Photo `n` of moment `journalId`, 1200 × 1600, as the API lists it. */
export function testPhoto(journalId: string, n: number, fields: Partial<JournalImage> = {}) {
  return {
    id: `p${n}`,
    seq: n,
    imageUrl: `/api/journals/${journalId}/images/p${n}/display`,
    thumbUrl: `/api/journals/${journalId}/images/p${n}/thumb`,
    orderIndex: n - 1,
    cropPosition: 50,
    rotation: 0,
    width: 1200,
    height: 1600,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  } satisfies JournalImage;
}
