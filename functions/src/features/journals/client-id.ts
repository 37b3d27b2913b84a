// Idempotent photo uploads: an upload may carry a client-made `id` (the outbox's), which
// becomes the photo's document id, so an upload repeated after a lost answer is stored once.
import { clientIdSchema, type JournalImage } from '@moments/shared';
import { ApiError } from '../../lib/http';
import { journalRef } from './access';
import { JOURNAL_ERRORS, toImage } from './model';

/** The upload's optional `id` form field, checked; undefined when absent. */
export function clientIdField(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = clientIdSchema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid id');
  return parsed.data;
}

/**
 * The photo already stored under this client id by this uploader (a repeat), or undefined
 * (a new one). Someone else's photo under that id is a 409.
 */
export async function storedUpload(
  journalId: string,
  uploaderId: string,
  clientId: string,
): Promise<JournalImage | undefined> {
  const doc = await journalRef(journalId).collection('images').doc(clientId).get();
  if (!doc.exists) return undefined;
  if (doc.get('uploadedBy') !== uploaderId) throw new ApiError(409, JOURNAL_ERRORS.photoIdTaken);
  return toImage(doc);
}
