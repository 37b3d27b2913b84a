// After an account deletion: which documents still name the person (API and browser tests).
import { adminDb } from './emulators';

/** Fields that name a person in the documents of this app. */
const KEY_FIELDS = ['userId', 'uid', 'inviterId', 'uploaderId', 'uploadedBy', 'usedByUserId'];

/**
 * Every root collection (whatever features add later) and the moments' subcollections, asked
 * for a document naming `uid` by any key field, by id (or by `phoneNumber`, for an account that
 * has one), or as a member; the audit log keeps the deletion's own row by design and is checked
 * apart.
 */
export async function documentsNaming(uid: string, phoneNumber: string | null): Promise<string[]> {
  const found: string[] = [];
  const roots = (await adminDb.listCollections()).filter(
    (c) => !['auditLog', 'emulatorFailureHooks'].includes(c.id),
  );
  for (const collection of roots) {
    for (const field of KEY_FIELDS) {
      const snap = await collection.where(field, '==', uid).get();
      found.push(...snap.docs.map((d) => `${d.ref.path} (${field})`));
    }
    for (const id of phoneNumber ? [uid, phoneNumber] : [uid]) {
      if ((await collection.doc(id).get()).exists) found.push(`${collection.id}/${id}`);
    }
  }
  for (const group of ['comments', 'images', 'uploadClaims']) {
    for (const field of KEY_FIELDS) {
      const snap = await adminDb.collectionGroup(group).where(field, '==', uid).get();
      found.push(...snap.docs.map((d) => `${d.ref.path} (${field})`));
    }
  }
  const member = await adminDb
    .collection('journals')
    .where('memberIds', 'array-contains', uid)
    .get();
  found.push(...member.docs.map((d) => `${d.ref.path} (memberIds)`));
  const owned = await adminDb.collection('journals').where('userId', '==', uid).get();
  found.push(...owned.docs.map((d) => `${d.ref.path} (owner)`));
  return found;
}
