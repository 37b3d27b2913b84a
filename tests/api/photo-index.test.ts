// The photo index (issue 45: docs/data-model.md, "Photos: one compact index"): one document
// with every photo's place, which the moment page reads instead of every photo record. Each
// upload, reorder, edit and deletion rewrites it in the transaction that changes the records, so
// it always says what the records say, also under parallel uploads; GET /api/journals/:id
// answers from it; a moment from before it gets it on its first GET by a member.
import {
  MAX_PHOTOS_PER_MOMENT,
  MOMENT_PHOTOS_FULL,
  byDisplayOrder,
  imageFromDoc,
  imagesFromPhotoIndex,
  type Journal,
  type JournalImage,
  type PostedComment,
} from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../support/emulators';
import { sharedMoment } from '../support/moments';
import { storedObjects, uploadPhoto } from '../support/photos';

const PARALLEL_UPLOADS = 8;

const indexDoc = (journalId: string) => adminDb.doc(`journals/${journalId}/photoIndex/all`);

/** The index as the moment page reads it. */
async function indexed(journalId: string): Promise<JournalImage[]> {
  return imagesFromPhotoIndex(journalId, (await indexDoc(journalId).get()).data());
}

/** The photo records, in display order: what the index must say. */
async function records(journalId: string): Promise<JournalImage[]> {
  const snap = await adminDb.collection(`journals/${journalId}/images`).get();
  return snap.docs.map((doc) => imageFromDoc(doc.id, doc.data())).sort(byDisplayOrder);
}

describe('the photo index', () => {
  it('ends exact after parallel uploads, a reorder, an edit and a deletion', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const uploads = await Promise.all(
      Array.from({ length: PARALLEL_UPLOADS }, (_, i) =>
        uploadPhoto((i % 2 ? contributor : owner).client, journal.id),
      ),
    );
    expect(uploads.map((res) => res.status)).toEqual(Array(PARALLEL_UPLOADS).fill(201));

    let index = await indexed(journal.id);
    expect(index).toEqual(await records(journal.id));
    expect(index.map((image) => image.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PARALLEL_UPLOADS }, (_, i) => i + 1),
    );
    expect(new Set(index.map((image) => image.id))).toEqual(
      new Set(uploads.map((res) => res.body.id)),
    );
    const read = await contributor.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(read.body.images).toEqual(index);

    const reversed = index.map((image) => image.id).toReversed();
    const reorder = await owner.client.put(`/api/journals/${journal.id}/images/order`, {
      imageIds: reversed,
    });
    expect(reorder.status).toBe(200);
    index = await indexed(journal.id);
    expect(index.map((image) => image.id)).toEqual(reversed);
    expect(index).toEqual(await records(journal.id));

    const turned = reversed[2]!;
    const edit = await owner.client.patch(`/api/journals/${journal.id}/images/${turned}`, {
      rotation: 90,
      cropPosition: 62.5,
    });
    expect(edit.status).toBe(200);
    index = await indexed(journal.id);
    expect(index.find((image) => image.id === turned)).toMatchObject({
      rotation: 90,
      cropPosition: 62.5,
      imageUrl: `/api/journals/${journal.id}/images/${turned}/display?rotation=90`,
    });
    expect(index).toEqual(await records(journal.id));

    const removed = reversed[0]!;
    const deletion = await owner.client.delete(`/api/journals/${journal.id}/images/${removed}`);
    expect(deletion.status).toBe(200);
    index = await indexed(journal.id);
    expect(index).toHaveLength(PARALLEL_UPLOADS - 1);
    expect(index.some((image) => image.id === removed)).toBe(false);
    expect(index).toEqual(await records(journal.id));
    const after = await owner.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(after.body.images).toEqual(index);
  });

  it("builds a moment's missing index on a member's first read, and never for an outsider", async () => {
    const { owner, outsider, journal } = await sharedMoment();
    for (let i = 0; i < 3; i += 1)
      expect((await uploadPhoto(owner.client, journal.id)).status).toBe(201);
    const expected = await records(journal.id);
    // As a moment stored before the index existed.
    await indexDoc(journal.id).delete();

    const refused = await outsider.client.get(`/api/journals/${journal.id}`);
    expect(refused.status).toBe(404);
    expect((await indexDoc(journal.id).get()).exists).toBe(false);

    const read = await owner.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(read.status).toBe(200);
    expect(read.body.images).toEqual(expected);
    expect(await indexed(journal.id)).toEqual(expected);
  });

  it('refuses a photo past the most a moment holds, storing nothing of it', async () => {
    const { owner, journal } = await sharedMoment();
    const first = await uploadPhoto(owner.client, journal.id);
    expect(first.status).toBe(201);
    // A full index, as MAX_PHOTOS_PER_MOMENT uploads would leave it.
    const full = Array.from(
      { length: MAX_PHOTOS_PER_MOMENT },
      (_, i) => `photo-${String(i).padStart(20, '0')} ${i + 1} ${i} 30 270 2400 1800 1767225600000`,
    );
    await indexDoc(journal.id).set({ photos: full });
    const before = (await adminDb.doc(`journals/${journal.id}`).get()).data();

    const res = await uploadPhoto(owner.client, journal.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: MOMENT_PHOTOS_FULL });
    expect((await adminDb.doc(`journals/${journal.id}`).get()).data()).toEqual(before);
    expect((await records(journal.id)).map((image) => image.id)).toEqual([first.body.id]);
    expect(await storedObjects(`journals/${journal.id}/`)).toEqual(
      (await storedObjects(`journals/${journal.id}/${first.body.id}/`)).sort(),
    );
  });
});

describe('photo numbers stored with an entry', () => {
  it('keeps each "#photo N" its text names, once, for the Photo Comments query', async () => {
    const { owner, journal } = await sharedMoment();
    const res = await owner.client.post<PostedComment>(`/api/journals/${journal.id}/comments`, {
      text: 'See #photo 2, then #photo 12 and #photo 2 again (#photo 0 is none)',
    });
    expect(res.status).toBe(201);
    const stored = await adminDb.doc(`journals/${journal.id}/comments/${res.body.id}`).get();
    expect(stored.get('photoRefs')).toEqual([2, 12]);
  });
});
