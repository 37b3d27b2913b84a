// Entries stored before posts kept `photoRefs` (issue 45: docs/data-model.md, "Photo Comments"):
// a moment's first read by a member gives each entry naming "#photo N" its numbers, so the Photo
// Comments dialog's query finds them in pages never loaded; once, whoever reads first, however
// many read at once, and never for an outsider.
import { photoRefsIn } from '@moments/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../support/emulators';
import { sharedMoment } from '../support/moments';
import { seedEntries } from '../support/timeline';

/** More than two of the backfill's scan pages, and more writes than one batch holds. */
const ENTRIES = 1200;
const MARK = 'photoRefsBackfilled';

describe('the photoRefs backfill', () => {
  it("gives an old moment's entries their photo numbers on a member's first read, once", async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const journalDoc = adminDb.doc(`journals/${journal.id}`);
    const entries = journalDoc.collection('comments');
    // As a moment from before photoRefs: not marked, its entries without the field.
    await journalDoc.update({ [MARK]: FieldValue.delete() });
    const seeded = await seedEntries(journal.id, owner.user, ENTRIES, {
      text: (k) => (k % 2 ? `Entry ${k}` : `Dancing, see #photo ${k % 3 ? 7 : 2}`),
      withPhotoRefs: false,
    });
    const naming = (n: number) =>
      seeded.filter((entry) => photoRefsIn(entry.text).includes(n)).map((entry) => entry.id);
    // The Photo Comments dialog's query (web/src/features/moments/api/live-listeners.ts).
    const aboutPhoto = async (n: number) =>
      (await entries.where('photoRefs', 'array-contains', n).orderBy('createdAt').get()).docs.map(
        (doc) => doc.id,
      );
    expect(await aboutPhoto(2)).toEqual([]);

    const refused = await outsider.client.get(`/api/journals/${journal.id}`);
    expect(refused.status).toBe(404);
    expect((await journalDoc.get()).get(MARK)).toBeUndefined();
    expect(await aboutPhoto(2)).toEqual([]);

    // Both members open it at the same moment.
    const reads = await Promise.all(
      [owner, contributor, owner].map((person) => person.client.get(`/api/journals/${journal.id}`)),
    );
    expect(reads.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(naming(2)).toHaveLength(200);
    expect(await aboutPhoto(2)).toEqual(naming(2));
    expect(await aboutPhoto(7)).toEqual(naming(7));
    expect((await journalDoc.get()).get(MARK)).toBe(true);
    const stored = await entries.get();
    for (const doc of stored.docs) {
      const text = doc.get('text') as string;
      expect(doc.get('photoRefs'), text).toEqual(
        text.includes('#photo') ? photoRefsIn(text) : undefined,
      );
    }

    // Run again (as if the mark were lost): not one entry is written.
    const written = (snap: typeof stored) =>
      new Map(snap.docs.map((doc) => [doc.id, doc.updateTime.valueOf()]));
    await journalDoc.update({ [MARK]: FieldValue.delete() });
    expect((await contributor.client.get(`/api/journals/${journal.id}`)).status).toBe(200);
    expect(written(await entries.get())).toEqual(written(stored));
    expect((await journalDoc.get()).get(MARK)).toBe(true);
  });

  it('has nothing to do for a moment made since entries keep their photo numbers', async () => {
    const { owner, journal } = await sharedMoment();
    expect((await adminDb.doc(`journals/${journal.id}`).get()).get(MARK)).toBe(true);
    const posted = await owner.client.post(`/api/journals/${journal.id}/comments`, {
      text: 'First dance, #photo 3',
    });
    expect(posted.status).toBe(201);
    const entry = adminDb.doc(
      `journals/${journal.id}/comments/${(posted.body as { id: string }).id}`,
    );
    const before = (await entry.get()).updateTime?.valueOf();
    expect((await owner.client.get(`/api/journals/${journal.id}`)).status).toBe(200);
    const after = await entry.get();
    expect(after.get('photoRefs')).toEqual([3]);
    expect(after.updateTime?.valueOf()).toBe(before);
  });
});
