import type { Comment, Journal, JournalImage, PhotoSize } from '@moments/shared';
import {
  PHOTO_SIZES,
  PHOTO_SIZE_NAMES,
  PROFILE_IMAGE_MAX_BYTES,
  photoSizeUrl,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb } from '../support/emulators';
import { newMoment, sharedMoment, signedIn } from '../support/moments';
import {
  EXIF_MARKER,
  imageForm,
  makeJpeg,
  makePng,
  photoBucket,
  storedObjects,
  uploadPhoto,
} from '../support/photos';

const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

async function photosOf(client: ApiClient, journalId: string): Promise<JournalImage[]> {
  const res = await client.get<Journal>(`/api/journals/${journalId}`);
  expect(res.status).toBe(200);
  return res.body.images;
}

async function card(client: ApiClient, journalId: string): Promise<Journal> {
  const list = await client.get<Journal[]>('/api/journals');
  const found = list.body.find((j) => j.id === journalId);
  if (!found) throw new Error('moment not in the list');
  return found;
}

async function uploadMany(client: ApiClient, journalId: string, count: number) {
  const images: JournalImage[] = [];
  for (let i = 0; i < count; i++) {
    const res = await uploadPhoto(client, journalId, await makePng(40 + i, 30));
    expect(res.status).toBe(201);
    images.push(res.body);
  }
  return images;
}

describe('POST /api/journals/:id/images', () => {
  it('stores a photo (201); the first photo becomes the cover of the card', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const res = await uploadPhoto(contributor.client, journal.id);
    expect(res.status).toBe(201);
    const base = `/api/journals/${journal.id}/images/${res.body.id}`;
    expect(res.body).toEqual({
      id: expect.any(String),
      seq: 1,
      imageUrl: `${base}/display`,
      thumbUrl: `${base}/thumb`,
      orderIndex: 0,
      cropPosition: 30,
      rotation: 0,
      // The upload's own size: pages pick among the stored sizes with it (srcset).
      width: 1200,
      height: 900,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const moment = (await owner.client.get<Journal>(`/api/journals/${journal.id}`)).body;
    expect(moment.images).toEqual([res.body]);
    expect(moment.coverImageId).toBe(res.body.id);
    expect(moment.imageUrl).toBe(res.body.imageUrl);
    expect((await card(owner.client, journal.id)).images).toEqual([res.body]);
  });

  it('numbers photos uploaded at the same time 1, 2, 3, 4 without gaps or repeats', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const pngs = await Promise.all([1, 2, 3, 4].map((i) => makePng(40 + i, 30)));
    const results = await Promise.all(
      pngs.map((png, i) => uploadPhoto(i % 2 ? contributor.client : owner.client, journal.id, png)),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const images = await photosOf(owner.client, journal.id);
    expect(images.map((i) => i.seq).sort()).toEqual([1, 2, 3, 4]);
    expect(images.map((i) => i.orderIndex)).toEqual([0, 1, 2, 3]);
  });

  it('serves every stored size as WebP without location or camera data', async () => {
    const { owner, journal } = await sharedMoment();
    const original = await makeJpeg({ width: 2400, height: 1800 });
    const before = await sharp(original).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(original.includes(EXIF_MARKER)).toBe(true);

    const photo = (await uploadPhoto(owner.client, journal.id, original)).body;
    expect(photo.thumbUrl).toBe(photoSizeUrl(photo.imageUrl, 'thumb'));
    const sizes: number[] = [];
    for (const size of PHOTO_SIZE_NAMES) {
      const res = await owner.client.getBytes(photoSizeUrl(photo.imageUrl, size));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(res.body).metadata();
      expect(meta.format).toBe('webp');
      expect([size, meta.width, meta.height]).toEqual([
        size,
        PHOTO_SIZES[size],
        (PHOTO_SIZES[size] * 3) / 4,
      ]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(res.body.includes(EXIF_MARKER)).toBe(false);
      sizes.push(res.body.length);
    }
    // Each size weighs less than the next larger one.
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(new Set(sizes).size).toBe(sizes.length);
  });

  it('serves a photo stored before a size existed the nearest larger size it has', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = (
      await uploadPhoto(owner.client, journal.id, await makeJpeg({ width: 2000, height: 1500 }))
    ).body;
    // A photo from before: only the 480 px thumbnail and the 1600 px display image stored.
    const folder = `journals/${journal.id}/${photo.id}`;
    for (const size of ['tiny', 'small', 'medium']) {
      await photoBucket().file(`${folder}/${size}.webp`).delete();
    }
    const widthOf = async (size: PhotoSize) => {
      const res = await contributor.client.getBytes(photoSizeUrl(photo.imageUrl, size));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      return (await sharp(res.body).metadata()).width;
    };
    expect(await widthOf('tiny')).toBe(480);
    expect(await widthOf('small')).toBe(480);
    expect(await widthOf('thumb')).toBe(480);
    expect(await widthOf('medium')).toBe(1600);
    expect(await widthOf('display')).toBe(1600);

    // Turned after the change, the photo has every size of its turn.
    const turned = await owner.client.patch<JournalImage>(
      `/api/journals/${journal.id}/images/${photo.id}`,
      { rotation: 90 },
    );
    expect(turned.status).toBe(200);
    const medium = await owner.client.getBytes(photoSizeUrl(turned.body.imageUrl, 'medium'));
    expect(medium.status).toBe(200);
    const meta = await sharp(medium.body).metadata();
    expect([meta.width, meta.height]).toEqual([720, 960]);

    // Gone entirely: 404, not a smaller or another photo's bytes.
    await photoBucket().deleteFiles({ prefix: `${folder}/` });
    expect((await owner.client.getBytes(photoSizeUrl(photo.imageUrl, 'tiny'))).status).toBe(404);
  });

  it('sniffs the bytes: a text file named .jpg is refused, a PNG named .txt is taken', async () => {
    const { owner, journal } = await sharedMoment();
    const fake = await uploadPhoto(owner.client, journal.id, Buffer.from('not an image at all'), {
      filename: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({ message: 'That file is not a supported image' });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    const vector = await uploadPhoto(owner.client, journal.id, svg, { type: 'image/svg+xml' });
    expect(vector.status).toBe(400);

    const png = await uploadPhoto(owner.client, journal.id, await makePng(), {
      filename: 'notes.txt',
      type: 'text/plain',
    });
    expect(png.status).toBe(201);
    expect(await photosOf(owner.client, journal.id)).toHaveLength(1);
  });

  it('answers 413 "Photo is too large" over 15 MB and over 50 million pixels', async () => {
    const { owner, journal } = await sharedMoment();
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0xff);
    const tooBig = await uploadPhoto(owner.client, journal.id, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: 'Photo is too large' });

    // 8000 x 7000 pixels of one colour: a small file that would decode to 168 MB.
    const bomb = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#888888' },
    })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const tooManyPixels = await uploadPhoto(owner.client, journal.id, bomb);
    expect(tooManyPixels.status).toBe(413);
    expect(tooManyPixels.body).toEqual({ message: 'Photo is too large' });
    expect(await photosOf(owner.client, journal.id)).toEqual([]);
  });

  it('answers 400 when there is no image field, or the body is not a form', async () => {
    const { owner, journal } = await sharedMoment();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await makePng())]), 'a.png');
    const wrongField = await owner.client.postForm(`/api/journals/${journal.id}/images`, form);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ message: 'Please select an image file' });
    const json = await owner.client.post(`/api/journals/${journal.id}/images`, { image: 'x' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: 'Please select an image file' });
  });

  it('takes an optional cropPosition field, checked like the JSON one', async () => {
    const { owner, journal } = await sharedMoment();
    const ok = await uploadPhoto(owner.client, journal.id, await makePng(), {
      fields: { cropPosition: '55' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.cropPosition).toBe(55);
    const bad = await uploadPhoto(owner.client, journal.id, await makePng(), {
      fields: { cropPosition: '150' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Crop position must be a number from 0 to 100' });
  });

  it('answers 404 to a non-member and 401 to a caller who is not signed in', async () => {
    const { outsider, journal } = await sharedMoment();
    const res = await uploadPhoto(outsider.client, journal.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Moment not found' });
    expect((await uploadPhoto(new ApiClient(), journal.id)).status).toBe(401);
  });
});

describe('POST /api/journals/:id/images with a client-made id (outbox retries)', () => {
  it('stores a repeated upload once: same photo, one number, one count', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const id = 'c0ffee00-1111-4222-8333-444455556666';
    const bytes = await makePng(50, 40);
    const first = await uploadPhoto(contributor.client, journal.id, bytes, { fields: { id } });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    // The answer was lost; the outbox sends it again, twice at once.
    const repeats = await Promise.all([
      uploadPhoto(contributor.client, journal.id, bytes, { fields: { id } }),
      uploadPhoto(contributor.client, journal.id, bytes, { fields: { id } }),
    ]);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual(first.body);
    }
    const photos = await photosOf(owner.client, journal.id);
    expect(photos.map((p) => p.id)).toEqual([id]);
    expect((await adminDb.doc(`journals/${journal.id}`).get()).get('photoCount')).toBe(1);
    // Someone else cannot take or overwrite that photo with the same id.
    const taken = await uploadPhoto(owner.client, journal.id, bytes, { fields: { id } });
    expect(taken.status).toBe(409);
  });

  it('stores concurrent first uploads with the same id once', async () => {
    const { client } = await signedIn();
    const journal = await newMoment(client);
    const id = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
    const bytes = await makePng(60, 40);
    const answers = await Promise.all(
      [0, 1, 2].map(() => uploadPhoto(client, journal.id, bytes, { fields: { id } })),
    );
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect((await photosOf(client, journal.id)).map((p) => p.id)).toEqual([id]);
    expect((await adminDb.doc(`journals/${journal.id}`).get()).get('photoCount')).toBe(1);
  });

  it('answers 400 for an id that is not a client id', async () => {
    const { client } = await signedIn();
    const journal = await newMoment(client);
    for (const id of ['short', 'has/slash-and-is-long-enough', 'x'.repeat(65)]) {
      const res = await uploadPhoto(client, journal.id, await makePng(), { fields: { id } });
      expect(res.status).toBe(400);
    }
    expect(await photosOf(client, journal.id)).toEqual([]);
  });
});

describe('GET /api/journals/:id/images/:imageId/:variant', () => {
  it('serves members only: 404 to a non-member, 401 without a session', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    expect((await contributor.client.getBytes(photo.thumbUrl)).status).toBe(200);
    const stranger = await outsider.client.getBytes(photo.thumbUrl);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('content-type')).toMatch(/application\/json/);
    expect((await new ApiClient().getBytes(photo.imageUrl)).status).toBe(401);
  });

  it('answers 404 for an unknown variant or photo', async () => {
    const { owner, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    const base = `/api/journals/${journal.id}/images`;
    expect((await owner.client.getBytes(`${base}/${photo.id}/original`)).status).toBe(404);
    expect((await owner.client.getBytes(`${base}/${photo.id}/constructor`)).status).toBe(404);
    expect((await owner.client.getBytes(`${base}/nope/thumb`)).status).toBe(404);
  });
});

describe('PATCH /api/journals/:id/images/:imageId', () => {
  it("lets the uploader and the owner change the crop; the cover's card follows", async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = (await uploadPhoto(contributor.client, journal.id)).body;
    const path = `/api/journals/${journal.id}/images/${photo.id}`;

    const byUploader = await contributor.client.patch<JournalImage>(path, { cropPosition: 10 });
    expect(byUploader.status).toBe(200);
    expect(byUploader.body).toEqual({ ...photo, cropPosition: 10 });
    const byOwner = await owner.client.patch<JournalImage>(path, { cropPosition: 80 });
    expect(byOwner.status).toBe(200);
    expect((await card(contributor.client, journal.id)).images[0]?.cropPosition).toBe(80);
  });

  it("answers 403 to a contributor changing someone else's photo, 400 for a bad crop", async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    const path = `/api/journals/${journal.id}/images/${photo.id}`;
    const refused = await contributor.client.patch(path, { cropPosition: 50 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You can only change your own photos' });
    for (const cropPosition of [-1, 101, '50', null]) {
      const bad = await owner.client.patch(path, { cropPosition });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Crop position must be a number from 0 to 100' });
    }
    // Neither a crop nor a turn.
    const empty = await owner.client.patch(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Nothing to change' });
    expect((await photosOf(owner.client, journal.id))[0]?.cropPosition).toBe(30);
  });

  it('answers 404 to a non-member', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    const res = await outsider.client.patch(`/api/journals/${journal.id}/images/${photo.id}`, {
      cropPosition: 1,
    });
    expect(res.status).toBe(404);
  });
});

describe('turning a photo (PATCH ... {rotation})', () => {
  const sizeOf = async (client: ApiClient, url: string) => {
    const res = await client.getBytes(url);
    expect(res.status).toBe(200);
    const { width, height, format } = await sharp(res.body).metadata();
    return { width, height, format };
  };

  it('re-encodes every size turned, keeps id and number, and every member sees it', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const first = (await uploadPhoto(owner.client, journal.id, await makePng(80, 40))).body;
    const second = (await uploadPhoto(owner.client, journal.id, await makePng(60, 30))).body;
    const path = `/api/journals/${journal.id}/images/${first.id}`;
    const base = `/api/journals/${journal.id}/images/${first.id}`;

    const turned = await owner.client.patch<JournalImage>(path, { rotation: 90, cropPosition: 60 });
    expect(turned.status).toBe(200);
    expect(turned.body).toEqual({
      ...first,
      rotation: 90,
      cropPosition: 60,
      imageUrl: `${base}/display?rotation=90`,
      thumbUrl: `${base}/thumb?rotation=90`,
    });
    // Portrait now, for the contributor too; the photo keeps its place and its "#photo 1".
    expect(await sizeOf(contributor.client, turned.body.imageUrl)).toEqual({
      width: 40,
      height: 80,
      format: 'webp',
    });
    expect(await sizeOf(contributor.client, turned.body.thumbUrl)).toMatchObject({
      width: 40,
      height: 80,
    });
    const seen = await photosOf(contributor.client, journal.id);
    expect(seen.map((image) => [image.id, image.seq, image.rotation])).toEqual([
      [first.id, 1, 90],
      [second.id, 2, 0],
    ]);
    // The cover's card follows.
    expect((await card(contributor.client, journal.id)).images[0]).toMatchObject({
      id: first.id,
      rotation: 90,
      thumbUrl: `${base}/thumb?rotation=90`,
    });

    // Turning back is exact: the upload's own bytes, at the plain URL.
    const back = await owner.client.patch<JournalImage>(path, { rotation: 0 });
    expect(back.body).toMatchObject({ rotation: 0, imageUrl: `${base}/display` });
    expect(await sizeOf(owner.client, back.body.imageUrl)).toMatchObject({ width: 80, height: 40 });
  });

  it('answers 400 for a turn that is not a quarter, 403 for a contributor on another’s photo', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    const path = `/api/journals/${journal.id}/images/${photo.id}`;
    for (const rotation of [45, -90, 360, '90']) {
      const bad = await owner.client.patch(path, { rotation });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Rotation must be 0, 90, 180 or 270 degrees' });
    }
    const refused = await contributor.client.patch(path, { rotation: 90 });
    expect(refused.status).toBe(403);
    expect((await photosOf(owner.client, journal.id))[0]?.rotation).toBe(0);
    expect((await owner.client.getBytes(`${path}/display?rotation=45`)).status).toBe(404);
  });
});

describe('PUT /api/journals/:id/images/order', () => {
  it('lets the owner set the display order; creation numbers do not change', async () => {
    const { owner, journal } = await sharedMoment();
    const [a, b, c] = await uploadMany(owner.client, journal.id, 3);
    const res = await owner.client.put<JournalImage[]>(`/api/journals/${journal.id}/images/order`, {
      imageIds: [c!.id, a!.id, b!.id],
    });
    expect(res.status).toBe(200);
    const images = await photosOf(owner.client, journal.id);
    expect(images.map((i) => [i.id, i.orderIndex, i.seq])).toEqual([
      [c!.id, 0, 3],
      [a!.id, 1, 1],
      [b!.id, 2, 2],
    ]);
    expect(res.body).toEqual(images);
  });

  it('answers 400 unless the list names each photo exactly once', async () => {
    const { owner, journal } = await sharedMoment();
    const [a, b] = await uploadMany(owner.client, journal.id, 2);
    const path = `/api/journals/${journal.id}/images/order`;
    const mismatch = "The new order must list each of this moment's photos exactly once";
    const cases: [unknown, string][] = [
      [{ imageIds: [a!.id] }, mismatch],
      [{ imageIds: [a!.id, b!.id, 'other'] }, mismatch],
      [{ imageIds: [a!.id, a!.id] }, 'Each image id may appear only once'],
      [{ imageIds: [] }, 'At least one image id is required'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.put(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
  });

  it('answers 403 to a contributor and 404 to a non-member', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const [a] = await uploadMany(contributor.client, journal.id, 1);
    const path = `/api/journals/${journal.id}/images/order`;
    const refused = await contributor.client.put(path, { imageIds: [a!.id] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only the owner can edit this moment' });
    expect((await outsider.client.put(path, { imageIds: [a!.id] })).status).toBe(404);
    expect((await owner.client.put(path, { imageIds: [a!.id] })).status).toBe(200);
  });
});

describe('cover photo', () => {
  it('is chosen by the owner among the moment’s photos; null goes back to the first', async () => {
    const { owner, journal } = await sharedMoment();
    const [a, b] = await uploadMany(owner.client, journal.id, 2);
    const path = `/api/journals/${journal.id}`;

    const chosen = await owner.client.patch<Journal>(path, { coverImageId: b!.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ coverImageId: b!.id, imageUrl: b!.imageUrl });
    expect((await card(owner.client, journal.id)).images).toEqual([b]);

    const elsewhere = await newMoment(owner.client);
    const [foreign] = await uploadMany(owner.client, elsewhere.id, 1);
    const refused = await owner.client.patch(path, { coverImageId: foreign!.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: "The cover must be one of this moment's photos" });

    const reset = await owner.client.patch<Journal>(path, { coverImageId: null });
    expect(reset.body.coverImageId).toBe(a!.id);
    expect((await card(owner.client, journal.id)).images).toEqual([a]);
  });
});

describe('DELETE /api/journals/:id/images/:imageId', () => {
  it('deletes the photo and its bytes; others keep their numbers; the cover moves on', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const [a, b] = await uploadMany(owner.client, journal.id, 2);
    const [c] = await uploadMany(contributor.client, journal.id, 1);
    await owner.client.put(`/api/journals/${journal.id}/images/order`, {
      imageIds: [a!.id, c!.id, b!.id],
    });
    const bytesOfA = `journals/${journal.id}/${a!.id}/`;
    // Five WebP sizes and the full-quality copy.
    expect(await storedObjects(bytesOfA)).toHaveLength(6);

    const res = await owner.client.delete(`/api/journals/${journal.id}/images/${a!.id}`);
    expect(res.status).toBe(200);
    // The bucket, listed afterwards: a's objects are gone, the others' stay.
    expect(await storedObjects(bytesOfA)).toEqual([]);
    expect(await storedObjects(`journals/${journal.id}/${b!.id}/`)).toHaveLength(6);
    expect((await owner.client.getBytes(a!.thumbUrl)).status).toBe(404);

    const images = await photosOf(contributor.client, journal.id);
    expect(images.map((i) => [i.id, i.seq])).toEqual([
      [c!.id, 3],
      [b!.id, 2],
    ]);
    const moment = await card(contributor.client, journal.id);
    expect(moment.coverImageId).toBe(c!.id);
    expect(moment.images).toEqual([images[0]]);

    // A new photo gets the next number: numbers are never reused.
    const [d] = await uploadMany(owner.client, journal.id, 1);
    expect(d).toMatchObject({ seq: 4, orderIndex: 3 });
  });

  it('unties every entry tied to the photo (any number), and only those', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const [a, b] = await uploadMany(owner.client, journal.id, 2);
    const path = `/api/journals/${journal.id}/comments`;
    const viaApi = await contributor.client.post<{ id: string }>(path, {
      text: '#photo 1 lovely',
      photoId: a!.id,
    });
    const keep = await owner.client.post<{ id: string }>(path, { text: 'b', photoId: b!.id });
    // More entries than one batch holds, tied to photo a, written directly.
    const comments = adminDb.collection(`journals/${journal.id}/comments`);
    const writer = adminDb.bulkWriter();
    for (let i = 0; i < 450; i++) {
      void writer.set(comments.doc(`tied-${i}`), {
        userId: owner.user.uid,
        text: `entry ${i}`,
        photoId: a!.id,
        parentCommentId: null,
        createdAt: Timestamp.fromMillis(Date.now() - 10_000 + i),
        user: {
          id: owner.user.uid,
          firstName: 'Olive',
          lastName: 'Owner',
          profilePictureUrl: null,
        },
      });
    }
    await writer.close();

    const res = await owner.client.delete(`/api/journals/${journal.id}/images/${a!.id}`);
    expect(res.status).toBe(200);
    expect((await comments.where('photoId', '==', a!.id).count().get()).data().count).toBe(0);
    const list = await contributor.client.get<Comment[]>(path);
    expect(list.body).toHaveLength(452);
    const byId = new Map(list.body.map((c) => [c.id, c]));
    expect(byId.get(viaApi.body.id)).toMatchObject({ photoId: null, text: '#photo 1 lovely' });
    expect(byId.get('tied-449')?.photoId).toBeNull();
    expect(byId.get(keep.body.id)?.photoId).toBe(b!.id);
  }, 60_000);

  it('leaves no entry tied to a photo deleted while entries about it are being posted', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const [photo] = await uploadMany(owner.client, journal.id, 1);
    const path = `/api/journals/${journal.id}/comments`;
    const posts = Array.from({ length: 6 }, (_, i) =>
      contributor.client.post(path, { text: `look #photo 1 (${i})`, photoId: photo!.id }),
    );
    const deletion = owner.client.delete(`/api/journals/${journal.id}/images/${photo!.id}`);
    const [deleted, ...posted] = await Promise.all([deletion, ...posts]);
    expect(deleted.status).toBe(200);
    // Each post either came too late (the photo is gone: 400) or was stored, and then untied.
    for (const res of posted) expect([201, 400]).toContain(res.status);
    const comments = adminDb.collection(`journals/${journal.id}/comments`);
    expect((await comments.where('photoId', '==', photo!.id).count().get()).data().count).toBe(0);
    const stored = (await contributor.client.get<Comment[]>(path)).body;
    expect(stored).toHaveLength(posted.filter((res) => res.status === 201).length);
    expect(stored.every((entry) => entry.photoId === null)).toBe(true);
  }, 60_000);

  it('lets a contributor delete only their own photos', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const [theirs] = await uploadMany(owner.client, journal.id, 1);
    const [mine] = await uploadMany(contributor.client, journal.id, 1);
    const refused = await contributor.client.delete(
      `/api/journals/${journal.id}/images/${theirs!.id}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You can only change your own photos' });
    const ok = await contributor.client.delete(`/api/journals/${journal.id}/images/${mine!.id}`);
    expect(ok.status).toBe(200);
    expect((await photosOf(owner.client, journal.id)).map((i) => i.id)).toEqual([theirs!.id]);
  });

  it('clears the cover when the last photo goes; 404 for a photo already gone', async () => {
    const { owner, journal } = await sharedMoment();
    const [only] = await uploadMany(owner.client, journal.id, 1);
    const path = `/api/journals/${journal.id}/images/${only!.id}`;
    expect((await owner.client.delete(path)).status).toBe(200);
    const moment = await card(owner.client, journal.id);
    expect(moment).toMatchObject({ coverImageId: null, imageUrl: null, images: [] });
    const again = await owner.client.delete(path);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Photo not found' });
  });

  it('answers 404 to a non-member', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const [photo] = await uploadMany(owner.client, journal.id, 1);
    const res = await outsider.client.delete(`/api/journals/${journal.id}/images/${photo!.id}`);
    expect(res.status).toBe(404);
    expect((await photosOf(owner.client, journal.id)).length).toBe(1);
  });
});

describe('POST /api/upload (profile picture)', () => {
  it('stores a 512 px WebP without metadata that any signed-in person can see', async () => {
    const { user, client } = await signedIn();
    const res = await client.postForm<{ imageUrl: string }>(
      '/api/upload',
      imageForm(await makeJpeg({ width: 1600, height: 1200 })),
    );
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(
      new RegExp(`^/api/users/${user.uid}/picture/profile-[A-Za-z0-9_-]+\\.webp$`),
    );

    const other = await signedIn();
    const picture = await other.client.getBytes(res.body.imageUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(picture.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      512,
      512,
      undefined,
    ]);
    expect(picture.body.includes(EXIF_MARKER)).toBe(false);

    expect((await new ApiClient().getBytes(res.body.imageUrl)).status).toBe(401);
    // Uploading changes nothing on the account: onboarding saves the URL.
    expect((await client.get('/api/user')).body.profilePictureUrl).toBeNull();
  });

  it('answers 413 "Please select an image under 5MB" over 5 MB', async () => {
    const { client } = await signedIn();
    for (const size of [PROFILE_IMAGE_MAX_BYTES + 1, PROFILE_IMAGE_MAX_BYTES + 2 * 1024 * 1024]) {
      const res = await client.postForm('/api/upload', imageForm(Buffer.alloc(size, 0xff)));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'Please select an image under 5MB' });
    }
  });

  it('answers 400 "Please select an image file" for bytes that are not an image', async () => {
    const { client } = await signedIn();
    const res = await client.postForm(
      '/api/upload',
      imageForm(Buffer.from('%PDF-1.7 not a picture'), { filename: 'me.png', type: 'image/png' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Please select an image file' });
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await new ApiClient().postForm('/api/upload', imageForm(await makePng()));
    expect(res.status).toBe(401);
  });
});
