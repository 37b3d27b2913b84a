// A moment as GET /api/journals answers it, for tests: an owner's private moment without
// photos, with `fields` instead where given.
import type { Journal } from '@moments/shared';

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
  };
}
