// Ids in this app are Firestore document ids and Firebase Auth uids: strings. The spec's
// source used numeric database ids (the user's data model says "number" for journalId, photoId
// and coverImageId); here they are strings, and the API puts them into document paths, so
// anything that could not be a single path segment is refused.

import { z } from 'zod';

/** Firebase Auth uids are at most 128 characters; Firestore auto-ids are 20. */
export const ID_MAX_LENGTH = 128;

/** Firestore reserves ids of the form `__name__`: it refuses to read or write them. */
export function isReservedId(id: string): boolean {
  return /^__.*__$/.test(id);
}

export const idSchema = z
  .string({ error: 'Invalid id' })
  .min(1, 'Invalid id')
  .max(ID_MAX_LENGTH, 'Invalid id')
  .refine(
    (id) => !id.includes('/') && id !== '.' && id !== '..' && !isReservedId(id),
    'Invalid id',
  );

export type Id = z.infer<typeof idSchema>;

/**
 * An id made by the client for something it creates (an entry, a photo), so a send repeated
 * after a lost answer is stored once: the document gets this id. 16 to 64 characters of
 * letters, digits, `-` and `_` (a UUID fits), so it cannot be guessed or collide by accident.
 */
export const clientIdSchema = z
  .string({ error: 'Invalid id' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid id')
  .refine((id) => !isReservedId(id), 'Invalid id');
