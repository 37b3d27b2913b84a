import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MEMBER_ROLES,
  commentSchema,
  entryIdSchema,
  createJournalSchema,
  imageCropSchema,
  memberRoleSchema,
  pinJournalSchema,
  reorderImagesSchema,
  updateJournalSchema,
} from './journals';
import {
  acceptInviteSchema,
  createInviteSchema,
  inviteSchema,
  inviteSignupSchema,
} from './invites';
import { newEntryId } from '../entry-id';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('createJournalSchema', () => {
  it('requires a title, trimmed', () => {
    expect(createJournalSchema.parse({ title: '  Paris  ' })).toEqual({ title: 'Paris' });
    expect(messages(createJournalSchema, { title: '   ' })).toEqual(['Title is required']);
    expect(messages(createJournalSchema, {})).toEqual(['Title is required']);
  });

  it('takes optional content, which may be empty, and an optional image URL', () => {
    const journal = { title: 'Paris', content: '', imageUrl: '/api/journals/j1/images/i1/display' };
    expect(createJournalSchema.parse(journal)).toEqual(journal);
  });

  it('limits the title to 200 and the content to 20000 characters', () => {
    expect(messages(createJournalSchema, { title: 'a'.repeat(200) })).toEqual([]);
    expect(messages(createJournalSchema, { title: 'a'.repeat(201) })).toEqual([
      'Title must be at most 200 characters',
    ]);
    expect(messages(createJournalSchema, { title: 'a', content: 'a'.repeat(20_000) })).toEqual([]);
    expect(messages(createJournalSchema, { title: 'a', content: 'a'.repeat(20_001) })).toEqual([
      'Content must be at most 20000 characters',
    ]);
  });
});

describe('updateJournalSchema', () => {
  it('makes every field optional', () => {
    expect(updateJournalSchema.parse({})).toEqual({});
    expect(updateJournalSchema.parse({ isPinned: true })).toEqual({ isPinned: true });
  });

  it('still refuses a blank title when one is sent', () => {
    expect(messages(updateJournalSchema, { title: ' ' })).toEqual(['Title is required']);
  });

  it('takes a cover image id as a string, or null', () => {
    expect(updateJournalSchema.parse({ coverImageId: 'img1' })).toEqual({ coverImageId: 'img1' });
    expect(updateJournalSchema.parse({ coverImageId: null })).toEqual({ coverImageId: null });
    expect(messages(updateJournalSchema, { coverImageId: 3 })).toEqual(['Invalid id']);
  });

  it('refuses an isPinned that is not a boolean', () => {
    expect(messages(updateJournalSchema, { isPinned: 'yes' })).toEqual([
      'isPinned must be true or false',
    ]);
  });
});

describe('pinJournalSchema', () => {
  it('requires isPinned as a boolean', () => {
    expect(pinJournalSchema.parse({ isPinned: false })).toEqual({ isPinned: false });
    expect(messages(pinJournalSchema, {})).toEqual(['isPinned must be true or false']);
  });
});

describe('commentSchema', () => {
  it('requires text that is not blank, and stores it trimmed', () => {
    expect(commentSchema.parse({ text: '  Lovely  ' })).toEqual({ text: 'Lovely' });
    expect(messages(commentSchema, { text: '' })).toEqual(['Comment text is required']);
    expect(messages(commentSchema, { text: ' \n\t ' })).toEqual(['Comment text is required']);
    expect(messages(commentSchema, {})).toEqual(['Comment text is required']);
  });

  it('limits the text to 2000 characters', () => {
    expect(messages(commentSchema, { text: 'a'.repeat(2000) })).toEqual([]);
    expect(messages(commentSchema, { text: 'a'.repeat(2001) })).toEqual([
      'Comment must be at most 2000 characters',
    ]);
  });

  it('takes journal, parent and photo ids as strings or null', () => {
    const full = { text: 'Hi #photo 1', journalId: 'j1', parentCommentId: 'c1', photoId: 'p1' };
    expect(commentSchema.parse(full)).toEqual(full);
    expect(commentSchema.parse({ text: 'Hi', photoId: null })).toEqual({
      text: 'Hi',
      photoId: null,
    });
    expect(messages(commentSchema, { text: 'Hi', photoId: 1 })).toEqual(['Invalid id']);
  });

  it('takes a client-made entry id: a UUID or a Firestore-style id, nothing shorter or odd', () => {
    const uuid = '3f2b8c1e-9a47-4d0b-8e6f-2c5d7a9b1e30';
    expect(commentSchema.parse({ id: uuid, text: 'Hi' })).toEqual({ id: uuid, text: 'Hi' });
    expect(messages(commentSchema, { id: 'Xy7kQ2mN9pL4rT6vW8zB', text: 'Hi' })).toEqual([]);
    const invalid = ['Entry id must be 16 to 64 letters, digits, - or _'];
    expect(messages(commentSchema, { id: 'short', text: 'Hi' })).toEqual(invalid);
    expect(messages(commentSchema, { id: 'a/b'.repeat(8), text: 'Hi' })).toEqual(invalid);
    expect(messages(commentSchema, { id: 'a'.repeat(65), text: 'Hi' })).toEqual(invalid);
    expect(messages(commentSchema, { id: 1234567890123456, text: 'Hi' })).toEqual(invalid);
    // Firestore reserves __name__ ids and would refuse to store the entry.
    expect(messages(commentSchema, { id: '__abcdefghijklmnop__', text: 'Hi' })).toEqual(invalid);
  });

  it('makes client entry ids that the schema takes and that do not repeat', () => {
    const ids = Array.from({ length: 1000 }, newEntryId);
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every((id) => entryIdSchema.safeParse(id).success)).toBe(true);
  });
});

describe('memberRoleSchema', () => {
  it('accepts owner and contributor only', () => {
    expect(MEMBER_ROLES).toEqual(['owner', 'contributor']);
    expect(memberRoleSchema.parse('owner')).toBe('owner');
    expect(memberRoleSchema.parse('contributor')).toBe('contributor');
    expect(messages(memberRoleSchema, 'admin')).toEqual(['Role must be owner or contributor']);
  });
});

describe('inviteSchema', () => {
  it('takes a journal id and an optional E.164 target', () => {
    expect(inviteSchema.parse({ journalId: 'j1' })).toEqual({ journalId: 'j1' });
    expect(inviteSchema.parse({ journalId: 'j1', targetPhoneNumber: '+14155552671' })).toEqual({
      journalId: 'j1',
      targetPhoneNumber: '+14155552671',
    });
  });

  it('refuses a target that is not E.164, and a missing journal id', () => {
    expect(messages(inviteSchema, { journalId: 'j1', targetPhoneNumber: '4155552671' })).toEqual([
      'Please enter a valid phone number in E.164 format (+1234567890).',
    ]);
    expect(messages(inviteSchema, {})).toEqual(['Invalid id']);
  });
});

describe('imageCropSchema', () => {
  it('accepts 0 to 100', () => {
    for (const cropPosition of [0, 30, 62.5, 100]) {
      expect(imageCropSchema.parse({ cropPosition })).toEqual({ cropPosition });
    }
  });

  it('refuses values outside 0..100 and non-numbers', () => {
    for (const cropPosition of [-1, 100.5, Number.NaN, '50']) {
      expect(messages(imageCropSchema, { cropPosition })).toEqual([
        'Crop position must be a number from 0 to 100',
      ]);
    }
  });
});

describe('reorderImagesSchema', () => {
  it('takes a non-empty list of distinct image ids', () => {
    expect(reorderImagesSchema.parse({ imageIds: ['b', 'a'] })).toEqual({ imageIds: ['b', 'a'] });
  });

  it('refuses an empty list, a repeated id and a missing list', () => {
    expect(messages(reorderImagesSchema, { imageIds: [] })).toEqual([
      'At least one image id is required',
    ]);
    expect(messages(reorderImagesSchema, { imageIds: ['a', 'a'] })).toEqual([
      'Each image id may appear only once',
    ]);
    expect(messages(reorderImagesSchema, {})).toEqual(['At least one image id is required']);
  });
});

describe('createInviteSchema', () => {
  it('takes an optional E.164 target; the moment comes from the URL', () => {
    expect(createInviteSchema.parse({})).toEqual({});
    expect(createInviteSchema.parse({ targetPhoneNumber: ' +14155552671 ' })).toEqual({
      targetPhoneNumber: '+14155552671',
    });
    expect(messages(createInviteSchema, { targetPhoneNumber: '4155552671' })).toEqual([
      'Please enter a valid phone number in E.164 format (+1234567890).',
    ]);
  });
});

describe('acceptInviteSchema', () => {
  it('takes no token, or a base64url token of at most 64 characters', () => {
    expect(acceptInviteSchema.parse({})).toEqual({});
    const token = 'Ab-_'.repeat(16);
    expect(acceptInviteSchema.parse({ inviteToken: token })).toEqual({ inviteToken: token });
  });

  it('refuses an empty, long, non-text or non-base64url token', () => {
    for (const inviteToken of ['', 'x'.repeat(65), 42, 'a/b', 'a b', 'a.b']) {
      expect(messages(acceptInviteSchema, { inviteToken })).toEqual(['Invalid invite token']);
    }
  });
});

describe('inviteSignupSchema', () => {
  const valid = {
    phoneNumber: '+14155552671',
    firstName: 'Nina',
    lastName: '',
    email: '',
    termsAccepted: true,
    skipVerification: true,
    journalId: 'j1',
    inviteToken: 'A'.repeat(43),
  };

  it('is sign-up with an optional last name, for a moment and a token', () => {
    expect(inviteSignupSchema.parse(valid)).toMatchObject({ firstName: 'Nina', lastName: '' });
    expect(inviteSignupSchema.safeParse({ ...valid, lastName: undefined }).success).toBe(true);
  });

  it('needs the moment, the token, the terms and a first name', () => {
    expect(messages(inviteSignupSchema, { ...valid, journalId: undefined })).toEqual([
      'Invalid id',
    ]);
    expect(messages(inviteSignupSchema, { ...valid, inviteToken: undefined })).toEqual([
      'Invalid invite token',
    ]);
    expect(messages(inviteSignupSchema, { ...valid, termsAccepted: false })).toEqual([
      'You must accept the terms and conditions',
    ]);
    expect(messages(inviteSignupSchema, { ...valid, firstName: ' ' })).toEqual([
      'First name is required',
    ]);
    expect(inviteSignupSchema.safeParse({ ...valid, skipVerification: false }).success).toBe(false);
  });
});
