import { describe, expect, it } from 'vitest';
import {
  byDisplayOrder,
  commentFromDoc,
  imageFromDoc,
  journalFromDoc,
  journalListFromDocs,
  membersOf,
  postedToComment,
  sortJournals,
  timestampToIso,
  type DocFields,
} from './journal-docs';

/** Both Firestore SDKs' Timestamps have toDate(); that is all the mapper relies on. */
const ts = (iso: string) => ({ seconds: Date.parse(iso) / 1000, toDate: () => new Date(iso) });

const cover = {
  id: 'img2',
  seq: 2,
  orderIndex: 0,
  cropPosition: 40,
  imageUrl: '/api/journals/j1/images/img2/display',
  thumbUrl: '/api/journals/j1/images/img2/thumb',
  createdAt: '2024-05-01T10:00:00.000Z',
};

function journalDoc(overrides: DocFields = {}): DocFields {
  return {
    userId: 'maya',
    title: 'Beach day',
    content: 'Sand everywhere',
    coverImageId: 'img2',
    cover,
    photoCount: 3,
    nextPhotoSeq: 4,
    memberIds: ['maya', 'leo'],
    members: {
      maya: { role: 'owner', firstName: 'Maya', lastName: 'Chen', profilePictureUrl: null },
      leo: {
        role: 'contributor',
        firstName: 'Leo',
        lastName: 'Park',
        profilePictureUrl: '/api/users/leo/picture',
      },
    },
    createdAt: ts('2024-05-01T09:00:00.000Z'),
    updatedAt: ts('2024-05-02T09:00:00.000Z'),
    ...overrides,
  };
}

describe('timestampToIso', () => {
  it('reads a Timestamp of either SDK, an ISO string, and anything else as the epoch', () => {
    expect(timestampToIso(ts('2024-05-01T09:00:00.000Z'))).toBe('2024-05-01T09:00:00.000Z');
    expect(timestampToIso('2024-05-01T09:00:00.000Z')).toBe('2024-05-01T09:00:00.000Z');
    expect(timestampToIso(null)).toBe('1970-01-01T00:00:00.000Z');
    expect(timestampToIso({ toDate: () => new Date('not a date') })).toBe(
      '1970-01-01T00:00:00.000Z',
    );
  });
});

/** Leo's state document: he pinned the moment and has 3 entries he has not seen. */
const leoState = { journalId: 'j1', userId: 'leo', isPinned: true, newCommentsCount: 3 };

describe('journalFromDoc', () => {
  it("gives each member their own pin, role and badge, and everyone's collaborator card", () => {
    const forLeo = journalFromDoc('j1', journalDoc(), 'leo', [], leoState);
    expect(forLeo).toEqual({
      id: 'j1',
      userId: 'maya',
      title: 'Beach day',
      content: 'Sand everywhere',
      imageUrl: '/api/journals/j1/images/img2/display',
      coverImageId: 'img2',
      isPinned: true,
      role: 'contributor',
      createdAt: '2024-05-01T09:00:00.000Z',
      updatedAt: '2024-05-02T09:00:00.000Z',
      images: [],
      photoCount: 3,
      collaborators: [
        {
          id: 'maya',
          firstName: 'Maya',
          lastName: 'Chen',
          profilePictureUrl: null,
          role: 'owner',
        },
        {
          id: 'leo',
          firstName: 'Leo',
          lastName: 'Park',
          profilePictureUrl: '/api/users/leo/picture',
          role: 'contributor',
        },
      ],
      newCommentsCount: 3,
    });
    const forMaya = journalFromDoc('j1', journalDoc(), 'maya', [], undefined);
    expect(forMaya).toMatchObject({ isPinned: false, role: 'owner', newCommentsCount: 0 });
  });

  it('never shows a negative badge', () => {
    const state = { ...leoState, newCommentsCount: -1 };
    expect(journalFromDoc('j1', journalDoc(), 'leo', [], state).newCommentsCount).toBe(0);
  });

  it('reads a moment without photos or content as text-only', () => {
    const journal = journalFromDoc(
      'j2',
      journalDoc({ cover: null, coverImageId: null, content: null }),
      'maya',
      [],
      undefined,
    );
    expect(journal).toMatchObject({ imageUrl: null, coverImageId: null, content: null });
  });
});

describe('journalListFromDocs', () => {
  it("uses the cover copy as the card's only photo, so the list reads no image documents", () => {
    const [card] = journalListFromDocs([{ id: 'j1', data: journalDoc() }], 'leo', []);
    expect(card?.images).toEqual([
      {
        id: 'img2',
        seq: 2,
        orderIndex: 0,
        cropPosition: 40,
        rotation: 0,
        imageUrl: '/api/journals/j1/images/img2/display',
        thumbUrl: '/api/journals/j1/images/img2/thumb',
        // A cover copied before photos carried their size: pages fall back to the sizes' edges.
        width: null,
        height: null,
        createdAt: '2024-05-01T10:00:00.000Z',
      },
    ]);
    const cover = { ...(journalDoc().cover as object), width: 4032, height: 3024 };
    const [sized] = journalListFromDocs([{ id: 'j1', data: journalDoc({ cover }) }], 'leo', []);
    expect(sized?.images[0]).toMatchObject({ width: 4032, height: 3024 });
  });

  it('gives a moment without a cover no photo', () => {
    const [card] = journalListFromDocs(
      [{ id: 'j1', data: journalDoc({ cover: null, coverImageId: null }) }],
      'leo',
      [],
    );
    expect(card?.images).toEqual([]);
  });

  it('leaves out a moment being deleted and one the person is no longer a member of', () => {
    const list = journalListFromDocs(
      [
        { id: 'kept', data: journalDoc() },
        { id: 'deleting', data: journalDoc({ deletedAt: ts('2024-05-03T00:00:00.000Z') }) },
        { id: 'left', data: journalDoc({ memberIds: ['maya'] }) },
      ],
      'leo',
      [],
    );
    expect(list.map((j) => j.id)).toEqual(['kept']);
  });

  it("takes each card's pin and badge from the person's state document of that moment", () => {
    const list = journalListFromDocs(
      [
        { id: 'j1', data: journalDoc() },
        { id: 'j2', data: journalDoc() },
      ],
      'leo',
      [leoState, { journalId: 'elsewhere', userId: 'leo', isPinned: true, newCommentsCount: 9 }],
    );
    expect(list.map((j) => [j.id, j.isPinned, j.newCommentsCount])).toEqual([
      ['j1', true, 3],
      ['j2', false, 0],
    ]);
  });

  it("comes in the list's order whatever the order of the documents (the API's and the listener's answers are the same)", () => {
    const at = (iso: string) => journalDoc({ createdAt: ts(iso) });
    const list = journalListFromDocs(
      [
        { id: 'old', data: at('2024-01-01T00:00:00.000Z') },
        { id: 'new', data: at('2024-03-01T00:00:00.000Z') },
        { id: 'pinned-old', data: at('2023-01-01T00:00:00.000Z') },
      ],
      'leo',
      [{ journalId: 'pinned-old', userId: 'leo', isPinned: true, newCommentsCount: 0 }],
    );
    expect(list.map((j) => j.id)).toEqual(['pinned-old', 'new', 'old']);
  });
});

describe('sortJournals', () => {
  it('puts pinned moments first, then the newest', () => {
    const card = (id: string, isPinned: boolean, createdAt: string) => ({
      ...journalFromDoc(id, journalDoc(), 'leo', [], undefined),
      isPinned,
      createdAt,
    });
    const sorted = sortJournals([
      card('old', false, '2024-01-01T00:00:00.000Z'),
      card('new', false, '2024-03-01T00:00:00.000Z'),
      card('pinned-old', true, '2023-01-01T00:00:00.000Z'),
    ]);
    expect(sorted.map((j) => j.id)).toEqual(['pinned-old', 'new', 'old']);
  });
});

describe('postedToComment', () => {
  it('turns the answer of a post into a timeline entry by that author', () => {
    const entry = postedToComment({
      id: 'c9',
      text: 'Hi',
      createdAt: '2024-05-01T10:00:00.000Z',
      photoId: 'img2',
      parentCommentId: null,
      userId: 'leo',
      userFirstName: 'Leo',
      userLastName: 'Park',
      userProfilePictureUrl: null,
    });
    expect(entry).toEqual({
      id: 'c9',
      text: 'Hi',
      createdAt: '2024-05-01T10:00:00.000Z',
      photoId: 'img2',
      parentCommentId: null,
      user: { id: 'leo', firstName: 'Leo', lastName: 'Park', profilePictureUrl: null },
    });
  });
});

describe('imageFromDoc and byDisplayOrder', () => {
  it('fills the defaults and orders by orderIndex, then by creation number', () => {
    const a = imageFromDoc('a', { seq: 3, orderIndex: 1, createdAt: ts('2024-01-01T00:00:00Z') });
    const b = imageFromDoc('b', { seq: 1, orderIndex: 1 });
    const c = imageFromDoc('c', { seq: 2, orderIndex: 0 });
    expect(a).toMatchObject({
      cropPosition: 30,
      imageUrl: '',
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    expect([a, b, c].sort(byDisplayOrder).map((i) => i.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('commentFromDoc', () => {
  const entry = {
    userId: 'leo',
    text: '#photo 2 looks great',
    photoId: null,
    parentCommentId: null,
    createdAt: ts('2024-05-02T12:30:00.000Z'),
    user: { id: 'leo', firstName: 'Leonard', lastName: 'P', profilePictureUrl: null },
  };

  it("shows a member's current card (it follows renames)", () => {
    const comment = commentFromDoc('c1', entry, membersOf(journalDoc()));
    expect(comment).toEqual({
      id: 'c1',
      text: '#photo 2 looks great',
      createdAt: '2024-05-02T12:30:00.000Z',
      photoId: null,
      parentCommentId: null,
      user: {
        id: 'leo',
        firstName: 'Leo',
        lastName: 'Park',
        profilePictureUrl: '/api/users/leo/picture',
      },
    });
  });

  it('falls back to the copy taken when posting once the author has left', () => {
    const comment = commentFromDoc('c1', entry, {});
    expect(comment.user).toEqual({
      id: 'leo',
      firstName: 'Leonard',
      lastName: 'P',
      profilePictureUrl: null,
    });
  });
});
