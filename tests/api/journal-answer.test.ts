// The moment's first answer (issue 45: docs/data-model.md, "The moment's first answer"):
// GET /api/journals/:id answers the first MOMENT_FIRST_PHOTOS photos in display order and how
// many there are, the same size for 1,000 photos as for 8,000; GET .../photo-index answers every
// photo as the index stores it, for a screen that needs one more. Members only.
import {
  MAX_PHOTOS_PER_MOMENT,
  MOMENT_FIRST_PHOTOS,
  imagesFromPhotoIndex,
  journalAnswerSchema,
  photoForRef,
  photoIndexAnswerSchema,
  type Journal,
} from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb } from '../support/emulators';
import { sharedMoment } from '../support/moments';

/**
 * A moment of `count` photos as the API keeps them: its index (arranged newest first, so display
 * order is not the order they were added) and the journal's counters. Ids of the app's length.
 */
async function storeIndex(journalId: string, count: number) {
  // In display order, as the index keeps them: the newest added first.
  const photos = Array.from({ length: count }, (_, i) => {
    const seq = count - i;
    const id = `photo${String(seq).padStart(15, '0')}`;
    return `${id} ${seq} ${i} 30 0 2400 1800 ${1767225600000 + seq * 1000}`;
  });
  await adminDb.doc(`journals/${journalId}/photoIndex/all`).set({ photos });
  await adminDb.doc(`journals/${journalId}`).update({ photoCount: count, nextPhotoSeq: count + 1 });
  return imagesFromPhotoIndex(journalId, { photos });
}

describe('GET /api/journals/:id of a big moment', () => {
  it('answers the first photos and the count, as many bytes for 8,000 photos as for 5,000', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}`;

    const thousand = await storeIndex(journal.id, 1000);
    const res = await contributor.client.get<Journal>(path);
    expect(res.status).toBe(200);
    const answer = journalAnswerSchema.parse(res.body);
    expect(answer.photoCount).toBe(1000);
    expect(answer.images).toHaveLength(MOMENT_FIRST_PHOTOS);
    // The carousel's first photos, in the order the moment shows them: newest added first.
    expect(answer.images).toEqual(thousand.slice(0, MOMENT_FIRST_PHOTOS));
    expect(answer.images[0]?.seq).toBe(1000);
    expect(JSON.stringify(res.body).length).toBeLessThan(8 * 1024);

    // Photo numbers of as many digits on both (1,000 photos: 981 to 1,000 are not).
    await storeIndex(journal.id, 5000);
    const half = await contributor.client.get<Journal>(path);
    await storeIndex(journal.id, MAX_PHOTOS_PER_MOMENT);
    const full = await contributor.client.get<Journal>(path);
    expect(full.status).toBe(200);
    expect(journalAnswerSchema.parse(full.body).photoCount).toBe(MAX_PHOTOS_PER_MOMENT);
    expect(JSON.stringify(full.body).length).toBe(JSON.stringify(half.body).length);

    // PATCH answers the moment the same way.
    const renamed = await owner.client.patch<Journal>(path, { title: 'The wedding' });
    expect(renamed.status).toBe(200);
    expect(journalAnswerSchema.parse(renamed.body)).toMatchObject({
      title: 'The wedding',
      photoCount: MAX_PHOTOS_PER_MOMENT,
    });
    expect(renamed.body.images).toHaveLength(MOMENT_FIRST_PHOTOS);
  });

  it('gives a member every photo from the photo index, so "#photo 900" is the 900th added', async () => {
    const { contributor, outsider, journal } = await sharedMoment();
    const expected = await storeIndex(journal.id, 1000);
    const res = await contributor.client.get(`/api/journals/${journal.id}/photo-index`);
    expect(res.status).toBe(200);
    const { photos } = photoIndexAnswerSchema.parse(res.body);
    const all = imagesFromPhotoIndex(journal.id, { photos });
    expect(all).toEqual(expected);
    expect(photoForRef(900, all)?.seq).toBe(900);
    // Where the arrangement shows it: 101st of 1,000.
    expect(all.findIndex((image) => image.seq === 900)).toBe(100);

    for (const client of [outsider.client, new ApiClient()]) {
      for (const path of [
        `/api/journals/${journal.id}`,
        `/api/journals/${journal.id}/photo-index`,
      ]) {
        const refused = await client.get(path);
        expect(refused.status, path).toBe(client === outsider.client ? 404 : 401);
        expect(JSON.stringify(refused.body)).not.toContain('photo000');
      }
    }
  });

  it('answers a small moment whole, as before', async () => {
    const { owner, journal } = await sharedMoment();
    const expected = await storeIndex(journal.id, MOMENT_FIRST_PHOTOS);
    const res = await owner.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(res.status).toBe(200);
    expect(journalAnswerSchema.parse(res.body).images).toEqual(expected);
    expect(res.body.photoCount).toBe(MOMENT_FIRST_PHOTOS);
  });
});
